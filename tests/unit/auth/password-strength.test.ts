import { describe, expect, it } from "vitest";
import { checkPasswordStrength } from "@/lib/auth/password-strength";

const user = { email: "awa.diop@boutique-awa.sn", name: "Boutique Awa" };

describe("password strength", () => {
  it.each([
    ["short", "too_short"],
    ["x".repeat(201), "too_long"],
    ["password123", "common"],
    ["Password2024!", "common"],
    ["P@ssw0rd1234", "common"],
    ["motdepasse2024", "common"],
    ["azertyuiop", "common"],
    ["1234567890", "common"],
    ["0987654321", "common"],
    ["qwertyuiop123", "common"],
    ["aaaaaaaaaaaa", "common"],
    ["abcabcabcabc", "common"],
    ["iloveyou2025", "common"],
    ["senegal2024!", "common"],
    ["awa.diop2024", "personal"],
    ["BoutiqueAwa2024", "personal"],
    ["awadiop12345", "personal"],
  ])("refuses %j (%s)", (password, problem) => {
    expect(checkPasswordStrength(password, user)).toBe(problem);
  });

  it.each(["correct horse battery", "another long password", "Baobab-sous-la-pluie", "e2e password long", "mango tree at dawn 7", "awa likes long walks on the beach"])("accepts %j", (password) => {
    expect(checkPasswordStrength(password, user)).toBeNull();
  });
});
