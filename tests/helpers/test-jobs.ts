import { z } from "zod";
import { defineJobType, type JobCatalogue, type JobHandler, type JobType, jobCatalogue } from "@/lib/jobs/define-job";
import { platformJobDefinitions } from "@/lib/platform/jobs";

/**
 * Ad-hoc job types for the runner's own tests: any payload object, a handler registered by the
 * test. `testJobs` is a catalogue of the platform's jobs plus those, handed to the runners the
 * way the composition root hands them the platform's list.
 */
const anyPayload = z.record(z.string(), z.unknown());
type AnyPayload = typeof anyPayload;

export const testJob = (type: string): JobType<string, AnyPayload> => defineJobType(type, anyPayload);

const handlers = new Map<string, JobHandler<AnyPayload>>();

export function registerTestJob(type: string, handler: JobHandler<AnyPayload>): JobType<string, AnyPayload> {
  handlers.set(type, handler);
  return testJob(type);
}

const platform = jobCatalogue(platformJobDefinitions);

export const testJobs: JobCatalogue = {
  types: () => [...platform.types(), ...handlers.keys()],
  handler(type) {
    const own = handlers.get(type);
    if (own) return async (payload, job) => own(anyPayload.parse(payload), job);
    return platform.handler(type);
  },
};
