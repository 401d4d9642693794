/**
 * Writes the published OpenAPI document (scripts/published-openapi.ts) to a file, for the
 * linters: `tsx scripts/write-openapi.ts [out.json]`.
 */
import { writeFileSync } from "node:fs";
import { publishedOpenApiJson } from "./published-openapi";

const out = process.argv[2] ?? ".data/openapi.json";
writeFileSync(out, publishedOpenApiJson());
console.log(`OpenAPI document written to ${out}`);
