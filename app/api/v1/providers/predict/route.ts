import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { predictProvider } from "@/lib/reference/predict-provider";
import { predictProviderContract } from "./contract";

export const dynamic = "force-dynamic";

export const POST = defineRoute(predictProviderContract, async ({ body }) => ({
  body: { success: true, data: await predictProvider({ phoneNumber: body.phoneNumber, country: body.country }) },
}));

export const { GET, HEAD, OPTIONS, PUT, DELETE, PATCH } = otherMethods(POST);
