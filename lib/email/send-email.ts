import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { appEnv, setting } from "@/lib/config";
import { getPrisma, type Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";

export type EmailKind = "login_lockout" | "signup_existing_account" | "signup_confirm" | "password_changed" | "team_invitation" | "password_reset";

export type Email = { to: string; kind: EmailKind; subject: string; body: string };

/**
 * "Sends" an e-mail: one row in the e-mail log (email_messages), which a mail transport would
 * deliver. The log line carries only the kind and id: addresses and contents are personal.
 * Pass `db` to write it in the caller's transaction.
 *
 * Sandbox only, for a person or a browser test on a machine without a mail transport (a
 * sign-up needs its confirmation link): EMAIL_CONSOLE=true also prints the message on the
 * server console, EMAIL_DIR=<folder> also writes it there as `<id>.json`. Both are copies made
 * when the row is written; inside a transaction that later rolls back, the copy stays.
 */
export async function sendEmail(email: Email, db?: Db): Promise<{ id: string }> {
  const id = newId("eml");
  await (db ?? (await getPrisma())).emailMessage.create({ data: { id, to: email.to, kind: email.kind, subject: email.subject, body: email.body } });
  log.info("email queued", { id, kind: email.kind });
  await developmentCopies(id, email);
  return { id };
}

/** Whether sign-up links are printed on this server's console (the sign-up page says so). */
export const emailsOnConsole = () => appEnv() === "sandbox" && setting("EMAIL_CONSOLE");

async function developmentCopies(id: string, email: Email): Promise<void> {
  if (appEnv() !== "sandbox") return; // never personal data in production logs or files
  if (setting("EMAIL_CONSOLE")) {
    const rule = "─".repeat(72);
    // eslint-disable-next-line no-console -- for the person running the server, not the log pipeline
    console.log(`\n${rule}\nE-mail ${id} (no mail transport here; kept in email_messages)\nTo: ${email.to}\nSubject: ${email.subject}\n\n${email.body}\n${rule}\n`);
  }
  const dir = setting("EMAIL_DIR");
  if (dir) {
    try {
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, `${id}.json`), JSON.stringify({ id, ...email, createdAt: new Date().toISOString() }), { mode: 0o600 });
    } catch (err) {
      log.warn("email copy not written", { id, error: (err as Error).message });
    }
  }
}
