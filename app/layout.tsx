import { headers } from "next/headers";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata = { title: "Payments platform", description: "Mobile money collection and payouts for West and Central Africa" };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The hosted checkout speaks the customer's language (proxy.ts decides); the rest is English.
  const lang = (await headers()).get("x-checkout-locale") === "fr" ? "fr" : "en";
  return (
    <html lang={lang}>
      <body>{children}</body>
    </html>
  );
}
