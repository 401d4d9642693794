import { getPrisma, type Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";

export type EmailKind = "login_lockout" | "signup_existing_account" | "password_changed";

export type Email = { to: string; kind: EmailKind; subject: string; body: string };

/**
 * "Sends" an e-mail: one row in the e-mail log (email_messages), which a mail transport would
 * deliver. The log line carries only the kind and id: addresses and contents are personal.
 * Pass `db` to write it in the caller's transaction.
 */
export async function sendEmail(email: Email, db?: Db): Promise<{ id: string }> {
  const id = newId("eml");
  await (db ?? (await getPrisma())).emailMessage.create({ data: { id, to: email.to, kind: email.kind, subject: email.subject, body: email.body } });
  log.info("email queued", { id, kind: email.kind });
  return { id };
}
