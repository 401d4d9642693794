#!/usr/bin/env node
// Stand-in for Prisma's native schema engine on machines that cannot download it.
// `prisma generate` only checks that the engine exists; migrations are created with the
// offline WebAssembly tool and applied by the app's own runner (lib/db/migrate.ts).
if (process.argv.includes("--version")) {
  console.log("schema-engine-cli 0.0.0-offline-stub");
  process.exit(0);
}
console.error(
  "The native Prisma schema engine is not installed (offline stub). " +
    "Migrations are applied by the app at start-up; set PRISMA_SCHEMA_ENGINE_BINARY to a real engine to use `prisma migrate`.",
);
process.exit(1);
