/**
 * lib/checkout/page — the hosted checkout as HTTP: HTML rendering (escaped by construction),
 * its style sheet and one small script, and the GET/POST handlers the app/checkout routes call.
 */
export { checkoutPageResponse, submitMethodResponse, cancelCheckoutResponse, leaveWaitingResponse, contentSecurityPolicy, isSameOriginPost, PHONE_COOKIE } from "./checkout-responses";
export { renderCheckoutPage, renderMessagePage, formatCountdown, PROMPT_HELP_SECONDS, REDIRECT_SECONDS, WAITING_REFRESH_SECONDS } from "./render-checkout-page";
