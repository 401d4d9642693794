import type { ReactNode } from "react";
import { config } from "@/lib/config";
import { AuthenticationGuide } from "./authentication-guide";
import { ChangelogGuide } from "./changelog-guide";
import { ConnectorsGuide } from "./connectors-guide";
import { ErrorsGuide } from "./errors-guide";
import type { GuideId } from "./guides";
import { IdempotencyGuide } from "./idempotency-guide";
import { LifecyclesGuide } from "./lifecycles-guide";
import { MpesaAirtelGuide } from "./mpesa-airtel-guide";
import { NumberingGuide } from "./numbering-guide";
import { PaymentLinksGuide } from "./payment-links-guide";
import { QuickstartGuide } from "./quickstart-guide";
import { QuotesGuide } from "./quotes-guide";
import { RateLimitsGuide } from "./rate-limits-guide";
import { RedirectConnectors } from "./redirect-connectors";
import type { apiDocument } from "./reference-parts";
import { SandboxGuide } from "./sandbox-guide";
import { SdkGuide } from "./sdk-guide";
import { SpecQuirksGuide } from "./spec-quirks-guide";
import { WebhooksGuide, type WebhookDoc } from "./webhooks-guide";

/** Each guide's page content (/docs/<id>): the guide's own section, from the same document as the reference. */
export function guideContent(id: GuideId, doc: ReturnType<typeof apiDocument>): ReactNode {
  const sandbox = config.apiServers().find((s) => s.environment === "sandbox")?.url ?? null;
  switch (id) {
    case "quickstart":
      return <QuickstartGuide sandboxBaseUrl={sandbox} />;
    case "authentication":
      return <AuthenticationGuide servers={doc.servers} />;
    case "idempotency":
      return <IdempotencyGuide />;
    case "errors":
      return <ErrorsGuide />;
    case "lifecycles":
      return <LifecyclesGuide />;
    case "webhooks":
      return <WebhooksGuide webhooks={doc.webhooks as unknown as Record<string, WebhookDoc>} />;
    case "sandbox":
      return <SandboxGuide />;
    case "payment-links":
      return <PaymentLinksGuide sandboxBaseUrl={sandbox} />;
    case "quotes":
      return <QuotesGuide />;
    case "rate-limits":
      return <RateLimitsGuide />;
    case "sdk":
      return <SdkGuide />;
    case "spec-quirks":
      return <SpecQuirksGuide />;
    case "connectors":
      return (
        <>
          <ConnectorsGuide publicUrl={config.publicBaseUrl()} />
          <RedirectConnectors />
          <MpesaAirtelGuide />
        </>
      );
    case "numbering-plans":
      return <NumberingGuide />;
    case "changelog":
      return <ChangelogGuide version={doc.info.version} />;
  }
}
