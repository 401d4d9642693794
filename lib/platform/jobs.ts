import { jobCatalogue } from "@/lib/jobs/define-job";
import { orderJobs } from "@/lib/orders/order-jobs";
import { deliverWebhookJob } from "@/lib/webhooks/deliver-webhook-job";

/**
 * Every job type of the platform with its handler, in ONE list: the composition root hands it
 * to the runners (boot's in-process runner, `npm run worker`, Inngest's drain function). A new
 * job type is defined beside its domain (a leaf module: type + payload schema), handled where its
 * code lives, and listed here.
 */
export const platformJobDefinitions = [deliverWebhookJob, ...orderJobs] as const;

export const platformJobs = jobCatalogue(platformJobDefinitions);
