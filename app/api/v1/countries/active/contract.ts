import { z } from "zod";
import { defineContract } from "@/lib/http/contract";

export const countrySchema = z.object({
  code: z.string().describe("ISO 3166-1 alpha-2"),
  name: z.string(),
  currency: z.string().describe("ISO 4217: XOF, XAF, KES, UGX, TZS, RWF, ZMW, GHS"),
  phonePrefix: z.string().describe('E.164 calling code with its "+", e.g. +221'),
  flagUrl: z.string().nullable(),
});

export const activeCountriesContract = defineContract({
  operationId: "listActiveCountries",
  method: "GET",
  path: "/countries/active",
  summary: "Countries open for collect",
  description:
    "A bare JSON array of country objects: the XOF and XAF zones (SN, CI, BJ, BF, ML, NE, TG, GW, CM, GA, CG, TD, CF, GQ), then Kenya (KES), " +
    "Uganda (UGX), Tanzania (TZS), Rwanda (RWF), Zambia (ZMW) and Ghana (GHS). Amounts in XOF, XAF, UGX and RWF are whole; the others take cents.",
  tags: ["Reference"],
  auth: "public",
  cacheSeconds: 60,
  success: { status: 200, description: "Active countries", schema: z.array(countrySchema) },
});
