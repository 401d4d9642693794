/** The number a refused form was sent with, kept briefly (scoped to the checkout) to refill the field. */
export const PHONE_COOKIE = "checkout_phone";
