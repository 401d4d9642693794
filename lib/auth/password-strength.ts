import { COMMON_PASSWORDS } from "./common-passwords";

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export type PasswordProblem = "too_short" | "too_long" | "common" | "personal";

/** Keyboard rows and runs a password must not be a piece of ("azertyuiop", "0987654321"…). */
const RUNS = ["abcdefghijklmnopqrstuvwxyz", "0123456789", "1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm", "azertyuiop", "qsdfghjklm", "wxcvbn", "1qaz2wsx3edc4rfv", "1q2w3e4r5t6y7u8i9o0p"];

const letters = (s: string) => s.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]/g, "");

/**
 * Why a password is too weak, or null. Length first (NIST SP 800-63B: at least 10 here, spaces
 * and any character allowed, no composition rules), then: a common password or a common stem
 * with digits/symbols around it ("Password2024!"), a keyboard or alphabet run, very few distinct
 * characters, and anything built on the user's own e-mail or name.
 */
export function checkPasswordStrength(password: string, user: { email?: string; name?: string } = {}): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return "too_short";
  if (password.length > PASSWORD_MAX_LENGTH) return "too_long";
  const lower = password.toLowerCase();
  const compact = letters(password);
  const stem = lower.replace(/^[^a-z]+|[^a-z]+$/g, "");
  const deleet = compact.replace(/0/g, "o").replace(/1/g, "i").replace(/3/g, "e").replace(/4/g, "a").replace(/5/g, "s").replace(/7/g, "t").replace(/@/g, "a");
  if ([lower, compact, stem, letters(stem), deleet].some((c) => COMMON_PASSWORDS.has(c))) return "common";
  // The same word twice, or a short stem repeated ("abcabcabcabc", "azertyazerty").
  if (new Set(compact).size < 4 || /^(.{1,5})\1+$/.test(compact)) return "common";
  if (compact.length > 0 && RUNS.some((run) => run.includes(compact) || [...run].reverse().join("").includes(compact))) return "common";
  const personal = [...personalWords(user)];
  // Built on them: what is left once the name or address is taken out is too short to carry it.
  if (personal.some((word) => word.includes(compact) || (compact.includes(word) && compact.replace(word, "").length < 8))) return "personal";
  return null;
}

/** The parts of an e-mail and a name a person would build a password on (4+ characters). */
function personalWords(user: { email?: string; name?: string }): Set<string> {
  const words = new Set<string>();
  const add = (w: string | undefined) => {
    const c = letters(w ?? "");
    if (c.length >= 4) words.add(c);
  };
  if (user.email) {
    const [local, domain] = user.email.toLowerCase().split("@");
    add(local);
    for (const part of local.split(/[._+-]+/)) add(part);
    add(domain?.split(".")[0]);
  }
  if (user.name) {
    add(user.name);
    for (const part of user.name.split(/\s+/)) add(part);
  }
  return words;
}
