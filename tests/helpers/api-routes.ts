import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Every route.ts under app/api/v1 with its path in OpenAPI form (`/payments/status/{transactionId}`)
 * and its loaded module, so tests can check each exported method against its contract.
 */
export type ApiRouteFile = { file: string; path: string; catchAll: boolean; module: Record<string, unknown> };

function walk(dir: string, prefix: string, out: { file: string; path: string; catchAll: boolean }[], catchAll = false) {
  for (const entry of readdirSync(dir).sort()) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      const segment = entry.replace(/^\[\.\.\.(.+)\]$/, "{...$1}").replace(/^\[(.+)\]$/, "{$1}");
      walk(full, `${prefix}/${segment}`, out, catchAll || entry.startsWith("[..."));
    } else if (entry === "route.ts") {
      out.push({ file: full, path: prefix, catchAll });
    }
  }
}

export async function apiRouteFiles(): Promise<ApiRouteFile[]> {
  const found: { file: string; path: string; catchAll: boolean }[] = [];
  walk(path.resolve("app/api/v1"), "", found);
  return Promise.all(found.map(async (f) => ({ ...f, module: (await import(f.file)) as Record<string, unknown> })));
}
