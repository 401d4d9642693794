/**
 * lib/checkout — the customer's side of a collect payment: the hosted checkout page's domain
 * (docs/design/order-lifecycle.md, docs/design/checkout-and-dashboard.md). No next/* imports: app/checkout/** calls these functions directly, through
 * lib/checkout/page (the page's HTML and its GET/POST handlers on Request/Response).
 *
 * Invariants:
 * - A checkout is reached by its unguessable token only, in this deployment's environment;
 *   a malformed or unknown token is null (the page answers 404), never an error with details.
 * - Status changes go through lib/payments transitionPayment / cancelLoadedPayment; submitting
 *   a method writes the provider, phone and fee and enqueues payment.submit in one transaction,
 *   deduplicated per attempt, so an attempt reaches the provider at most once.
 * - What leaves for the browser's live updates (CheckoutStatus) holds no personal data and no
 *   secret: stage, status, failure code, expiry, whether it can be paid, the redirect target.
 * - Every word shown to the customer exists in French and English (messages.ts).
 * - The page's HTML is built with the escaping `html` tag only; what the customer or merchant
 *   typed is never markup, and only our nonce'd inline style and script run (strict CSP).
 */
export { checkoutCountry, findCheckoutPayment, getCheckoutByToken, isWellFormedToken, type Checkout } from "./get-checkout";
export { listMethodsForCheckout, type CheckoutMethod } from "./list-checkout-methods";
export { submitCheckoutMethod, type SubmitCheckoutInput, type SubmitCheckoutResult } from "./submit-checkout-method";
export { cancelCheckout, type CancelCheckoutResult } from "./cancel-checkout";
export { checkoutStatus } from "./get-checkout-status";
export { checkoutStage, checkoutStatusOf, isCancellable, isPayable, type CheckoutStage, type CheckoutStatus } from "./checkout-stage";
export { redirectTarget, withStatus } from "./redirect-target";
export { readPhoneInput } from "./read-phone-input";
export { failureMessage, formErrorMessage, isFormErrorKey, operatorHint, uiText, type FormErrorKey, type UiText } from "./messages";
export { pickLocale, isLocale, localeFromAcceptLanguage, LOCALE_COOKIE, type Locale } from "./locale";
