import pg from "pg";
import { log } from "@/lib/log";
import { JOBS_NOTIFY_CHANNEL } from "./wake-job-runner";

/**
 * For `npm run worker`: LISTENs on PostgreSQL for the NOTIFY an API process with
 * JOBS_RUNNER=worker sends after each commit that enqueued (wake-job-runner), and calls
 * `onWake`, so a worker starts a job at once instead of at its next poll. One connection of its
 * own (a pooled one would be handed to queries). Best effort like every wake: the connection is
 * re-opened after an error, and the poll covers the gap.
 */
export function listenForWakes(databaseUrl: string, onWake: () => void): { stop: () => Promise<void> } {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    client = c;
    c.on("notification", (message) => {
      if (message.channel === JOBS_NOTIFY_CHANNEL) onWake();
    });
    c.on("error", (err) => reconnect(c, err));
    try {
      await c.connect();
      await c.query(`LISTEN ${JOBS_NOTIFY_CHANNEL}`);
      // Anything enqueued while (re)connecting was not heard.
      onWake();
      log.info("listening for job wakes", { channel: JOBS_NOTIFY_CHANNEL });
    } catch (err) {
      reconnect(c, err as Error);
    }
  };

  const reconnect = (c: pg.Client, err: Error) => {
    if (stopped || client !== c) return;
    client = null;
    log.warn("job wake listener lost its connection; reconnecting", { error: err.message });
    void c.end().catch(() => undefined);
    retry = setTimeout(() => void connect(), 1_000);
  };

  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
