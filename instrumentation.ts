/**
 * Next calls register() once when the server starts: apply migrations, seed the sandbox demo
 * merchant, start the in-process jobs runner (when Inngest is not configured) and print where
 * to go. Node runtime only; the logic lives in lib/platform/boot.ts.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { boot } = await import("./lib/platform/boot");
  await boot();
}
