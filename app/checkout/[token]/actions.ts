"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cancelCheckout, isWellFormedToken, submitCheckoutMethod } from "@/lib/checkout";
import { PHONE_COOKIE } from "./phone-cookie";

/**
 * The page's two forms. They post as plain HTML forms when JavaScript is off (progressive
 * enhancement); Next checks the Origin of every server action, so they are CSRF-safe. Each one
 * calls one lib/checkout function and sends the customer back to the page, which renders the
 * new state. A refusal travels in the query as a message key (never the number typed); the
 * number typed goes in a short-lived cookie scoped to this checkout so the field is refilled.
 */
const pagePath = (token: string) => `/checkout/${token}`;

export async function submitMethodAction(formData: FormData) {
  const token = String(formData.get("token") ?? "");
  if (!isWellFormedToken(token)) redirect("/checkout/not-found");
  const provider = formData.get("provider");
  const phone = formData.get("phone");
  const result = await submitCheckoutMethod(token, { provider, phone });
  if (!result) redirect(pagePath(token));
  const jar = await cookies();
  if (!result.ok) {
    if (typeof phone === "string" && phone.length <= 32) {
      jar.set(PHONE_COOKIE, phone, { path: pagePath(token), maxAge: 600, httpOnly: true, sameSite: "strict" });
    }
    const query = new URLSearchParams({ error: result.key, field: result.field });
    if (typeof provider === "string" && /^[a-z_]{1,32}$/.test(provider)) query.set("method", provider);
    redirect(`${pagePath(token)}?${query}`);
  }
  jar.delete({ name: PHONE_COOKIE, path: pagePath(token) });
  redirect(pagePath(token));
}

export async function cancelAction(formData: FormData) {
  const token = String(formData.get("token") ?? "");
  if (!isWellFormedToken(token)) redirect("/checkout/not-found");
  await cancelCheckout(token);
  redirect(pagePath(token));
}
