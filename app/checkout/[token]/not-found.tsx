import { headers } from "next/headers";
import { isLocale, uiText } from "@/lib/checkout";
import styles from "./checkout.module.css";

/** Unknown or malformed checkout token: a plain, friendly 404 that reveals nothing. */
export default async function CheckoutNotFound() {
  const header = (await headers()).get("x-checkout-locale");
  const t = uiText(isLocale(header) ? header : "fr");
  return (
    <div className={styles.page}>
      <main className={styles.main}>
        <h1 className={styles.title}>{t.notFoundTitle}</h1>
        <p>{t.notFoundText}</p>
      </main>
    </div>
  );
}
