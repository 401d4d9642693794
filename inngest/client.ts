import { Inngest } from "inngest";

/** Our Inngest app. Functions call lib/jobs; the logic never lives here. */
export const inngest = new Inngest({ id: "payments-platform" });
