import { describe, expect, it } from "vitest";
import { onCommit } from "@/lib/db/after-commit";
import { getPrisma, type Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";

/** The process's client runs onCommit callbacks after COMMIT, never on rollback (lib/db/after-commit). */
async function insertJob(db: Db, id: string) {
  await db.job.create({ data: { id, type: "test.after-commit", runAt: new Date(Date.now() + 86_400_000) } });
}

describe("onCommit", () => {
  it("runs after the transaction committed, when its writes are visible outside it, before the caller resumes", async () => {
    const prisma = await getPrisma();
    const id = newId("job");
    const order: string[] = [];
    let fromOutside: Promise<number> | undefined;
    await prisma.$transaction(async (tx) => {
      await insertJob(tx, id);
      onCommit(tx, () => {
        order.push("callback");
        fromOutside = prisma.job.count({ where: { id } }).then((n) => n); // .then starts the query now
      });
      order.push("transaction body done");
    });
    order.push("caller resumed");
    expect(order).toEqual(["transaction body done", "callback", "caller resumed"]);
    expect(await fromOutside).toBe(1);
  });

  it("is dropped when the transaction rolls back", async () => {
    const prisma = await getPrisma();
    const id = newId("job");
    let ran = 0;
    await expect(
      prisma.$transaction(async (tx) => {
        await insertJob(tx, id);
        onCommit(tx, () => ran++);
        throw new Error("business rule refused the change");
      }),
    ).rejects.toThrow("business rule refused the change");
    expect(ran).toBe(0);
    expect(await prisma.job.count({ where: { id } })).toBe(0);
  });

  // PostgreSQL only: pglite-prisma-adapter 0.7 resolves a transaction whose COMMIT failed (the
  // writes are gone all the same), so on PGlite the callback of such a transaction runs.
  it.runIf(!!process.env.DATABASE_URL)("is dropped when COMMIT itself fails after the body returned (a deferred constraint, PostgreSQL)", async () => {
    const prisma = await getPrisma();
    const id = newId("job");
    let ran = 0;
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.$executeRawUnsafe("CREATE TEMP TABLE commit_check (n int UNIQUE DEFERRABLE INITIALLY DEFERRED) ON COMMIT DROP");
        await tx.$executeRawUnsafe("INSERT INTO commit_check VALUES (1), (1)"); // checked only at COMMIT
        await insertJob(tx, id);
        onCommit(tx, () => ran++);
      }),
    ).rejects.toThrow();
    expect(ran).toBe(0);
    expect(await prisma.job.count({ where: { id } })).toBe(0);
  });

  it("runs the same callback once per transaction, however often it was registered", async () => {
    const prisma = await getPrisma();
    let ran = 0;
    const wake = () => ran++;
    await prisma.$transaction(async (tx) => {
      for (let i = 0; i < 3; i++) {
        await insertJob(tx, newId("job"));
        onCommit(tx, wake);
      }
    });
    expect(ran).toBe(1);
  });

  it("runs at once on the root client, whose statements commit by themselves", async () => {
    const prisma = await getPrisma();
    let ran = 0;
    await insertJob(prisma, newId("job"));
    onCommit(prisma, () => ran++);
    expect(ran).toBe(1);
  });

  it("a throwing callback does not turn a committed transaction into an error", async () => {
    const prisma = await getPrisma();
    const id = newId("job");
    const result = await prisma.$transaction(async (tx) => {
      await insertJob(tx, id);
      onCommit(tx, () => {
        throw new Error("wake failed");
      });
      return "committed";
    });
    expect(result).toBe("committed");
    expect(await prisma.job.count({ where: { id } })).toBe(1);
  });

  it("leaves the batch form of $transaction working", async () => {
    const prisma = await getPrisma();
    const [a, b] = await prisma.$transaction([prisma.job.count({ where: { id: "none" } }), prisma.job.count({ where: { id: "none" } })]);
    expect([a, b]).toEqual([0, 0]);
  });
});
