import { describe, expect, it } from "vitest";
import { requestsInFlight, trackInFlight, whenNoRequestInFlight } from "@/lib/http/in-flight";

/** The shutdown waits for running API handlers before closing the pool (lib/platform/shutdown.ts). */
describe("API requests in flight", () => {
  it("counts running handlers, even failing ones, and says when none is left", async () => {
    let finish!: () => void;
    const slow = trackInFlight(() => new Promise<void>((resolve) => (finish = resolve)));
    const failing = trackInFlight(async () => {
      throw new Error("refused");
    }).catch(() => "caught");
    expect(await failing).toBe("caught");
    expect(requestsInFlight()).toBe(1);
    const idle = whenNoRequestInFlight(5_000);
    finish();
    await slow;
    expect(await idle).toBe(true);
    expect(requestsInFlight()).toBe(0);
    expect(await whenNoRequestInFlight(0)).toBe(true);
  });

  it("gives up after the grace when a handler never ends", async () => {
    void trackInFlight(() => new Promise<void>(() => undefined));
    expect(await whenNoRequestInFlight(50)).toBe(false);
  });
});
