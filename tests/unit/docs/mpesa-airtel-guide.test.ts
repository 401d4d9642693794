import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MpesaAirtelGuide } from "@/app/docs/mpesa-airtel-guide";

describe("/docs connector sections for M-Pesa and Airtel", () => {
  it("renders each connector's mapping table from the code, with the platform codes", () => {
    const html = renderToStaticMarkup(createElement(MpesaAirtelGuide));
    expect(html).toContain('id="connector-mpesa-daraja"');
    expect(html).toContain('id="connector-airtel"');
    expect(html).toContain("<code>1032</code> <span");
    expect(html).toMatch(/1032<\/code> <span[^>]*>→ failed: declined → user_cancelled/);
    expect(html).toMatch(/DP00800001007<\/code> <span[^>]*>→ failed: collect insufficient_funds \(insufficient_funds\), payout merchant_balance_insufficient \(insufficient_balance\)/);
    for (const secret of ["_CONSUMER_KEY", "_SAFARICOM_CERTIFICATE", "_PIN_PUBLIC_KEY", "_CALLBACK_SECRET"]) expect(html).toContain(secret);
  });
});
