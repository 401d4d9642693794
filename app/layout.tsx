import type { ReactNode } from "react";
import "./globals.css";

export const metadata = { title: "Payments platform", description: "Mobile money collection and payouts for West and Central Africa" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
