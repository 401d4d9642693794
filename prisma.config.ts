import path from "node:path";
import { defineConfig } from "prisma/config";

// Prisma's CLI insists on a native schema-engine binary even for `generate`, and downloads it
// when missing. Offline machines cannot, so point it at a stub that only answers `--version`;
// anyone with a real engine installed (or PRISMA_SCHEMA_ENGINE_BINARY set) is unaffected.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve("prisma/schema-engine-stub.mjs");

export default defineConfig({
  schema: "prisma/schema",
  migrations: { path: "prisma/migrations" },
  // The app applies migrations itself (lib/db/migrate.ts); this URL only serves CLI commands.
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/postgres" },
});
