import type { ReactNode } from "react";
import "./globals.css";

export const metadata = { title: "Payments platform", description: "Mobile money collection and payouts for West and Central Africa" };

// The hosted checkout is not rendered through this layout (lib/checkout/page writes its own HTML,
// in the customer's language); everything that is, is English.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
