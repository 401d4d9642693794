/**
 * Imports every module that registers a job handler, so that whoever runs jobs (the in-process
 * runner, Inngest, tests) knows them all. Domains add their import here.
 */
import "@/lib/webhooks/deliver-webhook-job";
import "@/lib/payments/payment-jobs";
import "@/lib/payouts/payout-jobs";
