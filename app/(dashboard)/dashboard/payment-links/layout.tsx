import type { ReactNode } from "react";
import "./payment-links.css";

/** The payment-link screens' own style sheet (payment-links.css), next to the dashboard's. */
export default function PaymentLinksLayout({ children }: { children: ReactNode }) {
  return children;
}
