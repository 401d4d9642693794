import { beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/v1/providers/predict/route";
import { getPrisma } from "@/lib/db/client";
import { parseOpsArgs } from "@/lib/ops/command";
import { opsCommands } from "@/lib/ops/commands";
import { seedReferenceData } from "@/lib/reference/seed-reference-data";
import { call } from "../../helpers/http";
import { createTestMerchant } from "../../helpers/merchants";
import { ensureReferenceData } from "../../helpers/reference";
import { awayFromWindowEdge } from "../../helpers/rate-window";

/** POST /providers/predict (docs/design/provider-prediction.md), through the real route wrapper, on the seeded plans. */
beforeAll(ensureReferenceData);

let m: Awaited<ReturnType<typeof createTestMerchant>>;
beforeAll(async () => {
  m = await createTestMerchant();
});

const predict = (body: unknown, headers: Record<string, string> = m.headers) => call(POST, { path: "/providers/predict", headers, body });

async function ops(line: string): Promise<string> {
  const [name, ...argv] = line.split(" ");
  const command = opsCommands.find((c) => c.name === name)!;
  const lines: string[] = [];
  await command.run(parseOpsArgs(argv), (l) => lines.push(l));
  return lines.join("\n");
}

describe("POST /providers/predict", () => {
  it("answers the E.164 number, country and provider in the success envelope", async () => {
    const res = await predict({ phoneNumber: "+225 05 05 12 34 56" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, data: { phoneNumber: "+2250505123456", country: "CI", provider: "mtn", confidence: "high", portability: false, wholeUnits: true } });
    expect(res.headers.get("x-ratelimit-limit")).toBeTruthy();
  });

  it.each([
    [{ phoneNumber: "+221770000012" }, "+221770000012", "SN", "orange"],
    [{ phoneNumber: "00221 76-000-00-12" }, "+221760000012", "SN", "free"],
    [{ phoneNumber: "70 000 00 12", country: "SN" }, "+221700000012", "SN", "emoney"],
    [{ phoneNumber: "07 08 12 34 56", country: "ci" }, "+2250708123456", "CI", "orange"],
    [{ phoneNumber: "01 02 12 34 56", country: "CI" }, "+2250102123456", "CI", "moov"],
    [{ phoneNumber: "+229 01 40 12 34 56" }, "+2290140123456", "BJ", "celtiis"],
    [{ phoneNumber: "+228 90 12 34 56" }, "+22890123456", "TG", "tmoney"],
    [{ phoneNumber: "+237 655 12 34 56" }, "+237655123456", "CM", "orange"],
    [{ phoneNumber: "077 12 34 56", country: "GA" }, "+24177123456", "GA", "airtel"],
    [{ phoneNumber: "+245 955 123 456" }, "+245955123456", "GW", "orange"],
    [{ phoneNumber: "0712 345 678", country: "KE" }, "+254712345678", "KE", "mpesa"],
    [{ phoneNumber: "+256 772 345 678" }, "+256772345678", "UG", "mtn"],
    [{ phoneNumber: "+255 714 345 678" }, "+255714345678", "TZ", "mixx"],
    [{ phoneNumber: "0733 345 678", country: "RW" }, "+250733345678", "RW", "airtel"],
    [{ phoneNumber: "+260 955 345 678" }, "+260955345678", "ZM", "zamtel"],
    [{ phoneNumber: "020 134 5678", country: "GH" }, "+233201345678", "GH", "telecel"],
  ])("%j → %s %s %s", async (body, phoneNumber, country, provider) => {
    const res = await predict(body);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ phoneNumber, country, provider });
    expect(Object.keys(res.json.data).sort()).toEqual(["confidence", "country", "phoneNumber", "portability", "provider", "wholeUnits"]);
  });

  it.each([
    ["0712 345 678", "KE", "mpesa", true, "M-Pesa Kenya takes whole shillings"],
    ["+255 714 345 678", "TZ", "mixx", true, "the Tanzanian wallets take whole shillings"],
    ["020 134 5678", "GH", "telecel", false, "Ghana keeps its pesewas"],
    ["+260 955 345 678", "ZM", "zamtel", false, "Zambia keeps its ngwee"],
    ["+221770000012", "SN", "orange", true, "XOF has no minor unit"],
    ["+243 840 000 012", "CD", "orange", true, "Orange DRC pays out whole francs (payout-only country: its CDF payout channel)"],
    ["+243 970 000 012", "CD", "airtel", false, "Airtel DRC takes cents of a franc"],
  ])("answers wholeUnits as the provider's channel in the country's currency: %s (%s %s) → %s, %s", async (phoneNumber, country, provider, wholeUnits) => {
    const res = await predict({ phoneNumber, country });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ country, provider, wholeUnits });
  });

  it("says when the answer is a best guess: number portability in Kenya and Ghana, none in Uganda", async () => {
    expect((await predict({ phoneNumber: "+254 733 345 678" })).json.data).toMatchObject({ provider: "airtel", confidence: "medium", portability: true });
    expect((await predict({ phoneNumber: "+233 244 345 678" })).json.data).toMatchObject({ provider: "mtn", portability: true });
    expect((await predict({ phoneNumber: "+256 752 345 678" })).json.data).toMatchObject({ provider: "airtel", portability: false });
    const telkom = await predict({ phoneNumber: "+254 771 345 678" });
    expect(telkom.status).toBe(404);
    expect(telkom.json.message).toMatch(/belong to Telkom, which has no mobile-money method/);
  });

  it.each([
    ["an unallocated block", { phoneNumber: "+221730000012" }, /No operator is known for Senegal numbers starting \+221 73…/],
    ["a block of an operator without a method here", { phoneNumber: "+221750000012" }, /belong to Promobile, which has no mobile-money method/],
    ["Equatorial Guinea (no mobile money in the catalogue)", { phoneNumber: "+240222123456" }, /belong to GETESA/],
    ["a country without a plan (bank transfers only)", { phoneNumber: "+33612345678" }, /No mobile numbering plan is kept for France/],
  ])("404 not_found for %s, without repeating the number", async (_name, body, message) => {
    const res = await predict(body);
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ statusCode: 404, error: "Not Found", code: "not_found", message: expect.stringMatching(message) });
    expect(res.text).not.toContain(body.phoneNumber.slice(-6));
  });

  it.each([
    ["too short", { phoneNumber: "+22177000" }, "invalid_phone", /too short/],
    ["too long", { phoneNumber: "+2217700000123" }, "invalid_phone", /too long/],
    ["an old 8-digit Ivorian number", { phoneNumber: "+22508123456" }, "invalid_phone", /10 digits since 31 January 2021/],
    ["a foreign country", { phoneNumber: "+44 7700 900123" }, "invalid_phone", /not the calling code of a country this API serves/],
    ["a country contradicting the number", { phoneNumber: "+2250505123456", country: "SN" }, "invalid_phone", /Côte d'Ivoire \(\+225\) number, not a Senegal/],
    ["a national number without country", { phoneNumber: "770000012" }, "invalid_phone", /needs its country/],
    ["letters", { phoneNumber: "call me" }, "invalid_phone", /only digits/],
    ["an unknown country", { phoneNumber: "770000012", country: "ZZ" }, "invalid_country", /Unknown country "ZZ"/],
    ["a malformed country", { phoneNumber: "770000012", country: "SEN" }, "validation_error", /alpha-2/],
    ["no phoneNumber", {}, "validation_error", /phoneNumber is required/],
    ["a number as a JSON number", { phoneNumber: 221770000012 }, "validation_error", /phoneNumber/],
  ])("400 for %s", async (_name, body, code, message) => {
    const res = await predict(body);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ statusCode: 400, error: "Bad Request", code, message: expect.stringMatching(message) });
  });

  it("400 for a body that is not JSON", async () => {
    const res = await call(POST, { path: "/providers/predict", headers: m.headers, rawBody: "{phoneNumber:" });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("invalid_json");
  });

  it("needs an API key (401), and is limited per merchant like every authenticated endpoint (429)", async () => {
    expect((await predict({ phoneNumber: "+221770000012" }, {})).status).toBe(401);
    expect((await predict({ phoneNumber: "+221770000012" }, { "X-API-Key": "pk_test_x:sk_test_y" })).status).toBe(401);
    const limited = await createTestMerchant({ rateLimitPerMinute: 2 });
    const statuses = [];
    await awayFromWindowEdge();
    for (let i = 0; i < 3; i++) statuses.push((await predict({ phoneNumber: "+221770000012" }, limited.headers)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it("is the same for every merchant: the plan is reference data, not a merchant's", async () => {
    const other = await createTestMerchant({ country: "CI" });
    const mine = await predict({ phoneNumber: "+2250708123456" });
    const theirs = await predict({ phoneNumber: "+2250708123456" }, other.headers);
    expect(theirs.json).toEqual(mine.json);
  });
});

describe("numbering plans: ops commands and seeding", () => {
  it("numbering:list shows each country's plan, source and confidence", async () => {
    const out = await ops("numbering:list --country CI");
    expect(out).toContain("CI Côte d'Ivoire (+225, 10 digits) confidence high");
    expect(out).toMatch(/source: ARTCI 10-digit plan/);
    expect(out).toMatch(/05\s+MTN\s+mtn/);
    expect(await ops("numbering:list")).toMatch(/TD Chad .* confidence low/);
  });

  it("numbering:set and numbering:remove change the prediction at once, and a restart's seed does not undo them", async () => {
    expect((await predict({ phoneNumber: "+221730000012" })).status).toBe(404);
    expect(await ops("numbering:set --country SN --prefix 73 --operator Orange --provider orange")).toBe("SN 73… → Orange, orange (new).");
    expect((await predict({ phoneNumber: "+221730000012" })).json.data.provider).toBe("orange");

    expect(await ops("numbering:remove --country SN --prefix 73")).toMatch(/SN 73… removed/);
    await ops("numbering:remove --country SN --prefix 76");
    await seedReferenceData();
    expect((await predict({ phoneNumber: "+221760000012" })).status).toBe(404);
    expect(await (await getPrisma()).numberingPrefix.count({ where: { countryCode: "SN", prefix: "76" } })).toBe(0);
    expect(await ops("numbering:set --country SN --prefix 76 --operator Free --provider free")).toBe("SN 76… → Free, free (new).");
    const row = await (await getPrisma()).numberingPrefix.findUniqueOrThrow({ where: { countryCode_prefix: { countryCode: "SN", prefix: "76" } } });
    expect(row.updatedBy).toBe("ops");
  });

  it("refuse bad edits with a clear message", async () => {
    await expect(ops("numbering:set --country SN --prefix 7x --operator Orange")).rejects.toThrow(/1 to 8 digits/);
    await expect(ops("numbering:set --country SN --prefix 770000000 --operator Orange")).rejects.toThrow(/1 to 8 digits/);
    await expect(ops("numbering:set --country SN --prefix 73 --operator Wave --provider wave")).rejects.toThrow(/holds no numbers of its own/);
    await expect(ops("numbering:set --country SN --prefix 73 --operator X --provider bank_transfer")).rejects.toThrow(/mobile-money code/);
    await expect(ops("numbering:set --country FR --prefix 6 --operator Orange")).rejects.toThrow(/FR has no numbering plan/);
    await expect(ops("numbering:set --country XX --prefix 6 --operator Orange")).rejects.toThrow(/Unknown country XX/);
    await expect(ops("numbering:remove --country SN --prefix 74")).rejects.toThrow(/SN has no prefix "74"/);
    await expect(ops("numbering:plan --country MA")).rejects.toThrow(/give its --source/);
    await expect(ops("numbering:plan --country SN --confidence certain")).rejects.toThrow(/high, medium, low/);
    await expect(ops("numbering:plan --country SN --portability maybe")).rejects.toThrow(/yes or no/);
  });

  it("numbering:plan edits the trunk prefix, which the parser then applies", async () => {
    expect((await predict({ phoneNumber: "0770000012", country: "SN" })).status).toBe(400);
    expect(await ops("numbering:plan --country SN --trunk 0")).toMatch(/SN plan: trunk 0, confidence high/);
    expect((await predict({ phoneNumber: "0770000012", country: "SN" })).json.data.phoneNumber).toBe("+221770000012");
    await ops("numbering:plan --country SN --trunk none");
    expect((await predict({ phoneNumber: "0770000012", country: "SN" })).status).toBe(400);
  });

  it("numbering:plan records number portability, which predict then reports", async () => {
    expect((await predict({ phoneNumber: "+256772345678" })).json.data.portability).toBe(false);
    expect(await ops("numbering:plan --country UG --portability yes")).toMatch(/UG plan: trunk 0, confidence medium, portability yes/);
    expect((await predict({ phoneNumber: "+256772345678" })).json.data.portability).toBe(true);
    expect(await ops("numbering:list --country UG")).toMatch(/UG Uganda \(\+256, 9 digits, trunk 0\) confidence medium, number portability/);
    await ops("numbering:plan --country UG --portability no");
    expect((await predict({ phoneNumber: "+256772345678" })).json.data.portability).toBe(false);
  });
});
