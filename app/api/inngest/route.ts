import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";
import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { errorResponse } from "@/lib/http/error-response";

/**
 * Inngest calls its functions here when it drives the jobs (JOBS_RUNNER=inngest, or an Inngest
 * key or URL set). Otherwise the endpoint does not exist for anyone: 404 in the API's error body
 * (the SDK would answer 500, as it cannot sign or introspect without its keys).
 */
type Handler = (request: Request, context: unknown) => Promise<Response>;
const served = serve({ client: inngest, functions }) as unknown as Record<"GET" | "POST" | "PUT", Handler>;

function whenInngestRuns(method: "GET" | "POST" | "PUT"): Handler {
  return (request, context) => {
    if (config.jobsRunner() !== "inngest") return Promise.resolve(errorResponse(new AppError("not_found", "Not found: background jobs do not run on Inngest here."), request));
    return served[method](request, context);
  };
}

export const GET = whenInngestRuns("GET");
export const POST = whenInngestRuns("POST");
export const PUT = whenInngestRuns("PUT");
