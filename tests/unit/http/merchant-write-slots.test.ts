import { afterEach, describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import { merchantWrites, withMerchantWriteSlot } from "@/lib/http/merchant-write-slots";

/** A piece of work that runs until the test lets it finish. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}
const tick = () => new Promise((r) => setImmediate(r));

afterEach(() => {
  delete process.env.MERCHANT_WRITE_CONCURRENCY;
  delete process.env.MERCHANT_WRITE_QUEUE;
});

describe("per-merchant write slots", () => {
  it("runs at most MERCHANT_WRITE_CONCURRENCY writes of one merchant at once, the next in arrival order", async () => {
    process.env.MERCHANT_WRITE_CONCURRENCY = "2";
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      withMerchantWriteSlot("mch_a", async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(merchantWrites("mch_a")).toEqual({ running: 2, waiting: 2 });

    gates[1].open();
    await tick();
    expect(started).toEqual([0, 1, 2]); // the slot went to the first one waiting
    gates[0].open();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    gates[2].open();
    gates[3].open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(merchantWrites("mch_a")).toEqual({ running: 0, waiting: 0 });
  });

  it("does not make another merchant wait", async () => {
    process.env.MERCHANT_WRITE_CONCURRENCY = "1";
    const busy = gate();
    const first = withMerchantWriteSlot("mch_busy", () => busy.opened);
    expect(await withMerchantWriteSlot("mch_other", async () => "ran")).toBe("ran");
    busy.open();
    await first;
  });

  it("refuses with rate_limited past MERCHANT_WRITE_QUEUE waiting writes, without running the work", async () => {
    process.env.MERCHANT_WRITE_CONCURRENCY = "1";
    process.env.MERCHANT_WRITE_QUEUE = "1";
    const busy = gate();
    let ran = 0;
    const first = withMerchantWriteSlot("mch_q", () => busy.opened);
    const second = withMerchantWriteSlot("mch_q", async () => void ran++);
    const third = withMerchantWriteSlot("mch_q", async () => void ran++).catch((err) => err);
    const refused = await third;
    expect(isAppError(refused) && refused.code).toBe("rate_limited");
    busy.open();
    await first;
    await second;
    expect(ran).toBe(1);
  });

  it("frees the slot when the work throws", async () => {
    process.env.MERCHANT_WRITE_CONCURRENCY = "1";
    await expect(withMerchantWriteSlot("mch_err", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(merchantWrites("mch_err")).toEqual({ running: 0, waiting: 0 });
    expect(await withMerchantWriteSlot("mch_err", async () => "again")).toBe("again");
  });
});
