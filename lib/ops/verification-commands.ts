import { verifyMerchant } from "@/lib/merchants/verify-merchant";
import { requireFlag, type OpsCommand } from "./command";
import { resolveMerchantId } from "./merchant-commands";

export const merchantVerify: OpsCommand = {
  name: "merchant:verify",
  summary: "Mark a merchant verified and issue its first live key pair (the secret is shown only now)",
  usage: "merchant:verify --merchant <id|email> [--json]",
  async run(args, out) {
    const merchantId = await resolveMerchantId(requireFlag(args, "merchant"));
    const verified = await verifyMerchant(merchantId, "ops");
    if (args.flags.json) {
      out(JSON.stringify({ merchantId, email: verified.email, verificationStatus: "verified", ...verified.keys }, null, 2));
      return;
    }
    if (!verified.hadSubmission) out(`Note: ${merchantId} never sent the verification form from the dashboard.`);
    out(`Verified ${merchantId} (${verified.email})`);
    out(`  live public key  ${verified.keys.publicKey}`);
    out(`  live secret key  ${verified.keys.secretKey}   <- shown once, hand it over securely`);
  },
};
