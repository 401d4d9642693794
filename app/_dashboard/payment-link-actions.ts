"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { createDashboardPaymentLink, deactivateDashboardPaymentLink } from "@/lib/dashboard/payment-links";
import type { FormResult } from "@/lib/dashboard/form-result";
import { actionScope, currentLocale } from "./session";
import { displayZone } from "./format";

/**
 * Server actions of the payment-link screens (permission `money`, as every screen that moves a
 * merchant's money). Both work as plain form posts without JavaScript; each reads the session
 * first, never a merchant id from the form.
 */
const strings = (form: FormData) => Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"));

/** Create: one multipart form (the picture); on success, the new link's page. */
export async function createPaymentLinkAction(_prev: unknown, form: FormData): Promise<FormResult<{ id: string }>> {
  const auth = await actionScope("money");
  if (auth.refused) return auth.refused;
  const file = form.get("image");
  const result = await createDashboardPaymentLink(
    auth.scope,
    {
      fields: strings(form),
      countries: form.getAll("countries").filter((v): v is string => typeof v === "string"),
      methods: form.getAll("methods").filter((v): v is string => typeof v === "string"),
      image: file instanceof Blob && file.size > 0 ? file : null,
      timeZone: displayZone().timeZone,
    },
    await currentLocale(),
  );
  if (!result.ok) return result;
  revalidatePath("/dashboard/payment-links");
  redirect(`/dashboard/payment-links/${result.data.id}?created=1`);
}

/** Deactivate, after the confirmation step on the link's page (a post without it is refused); back to that page. */
export async function deactivatePaymentLinkAction(_prev: unknown, form: FormData): Promise<FormResult<{ id: string }>> {
  const auth = await actionScope("money");
  if (auth.refused) return auth.refused;
  if (form.get("confirm") !== "deactivate") return { ok: false, code: "validation_error", error: "Confirm the deactivation." };
  const result = await deactivateDashboardPaymentLink(auth.scope, form.get("paymentLinkId"));
  if (!result.ok) return result;
  revalidatePath("/dashboard/payment-links");
  redirect(`/dashboard/payment-links/${encodeURIComponent(result.data.id)}`);
}
