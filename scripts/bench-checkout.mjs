#!/usr/bin/env node
/**
 * The hosted checkout page's weight and time to first byte (the target: under 100 KB transferred).
 * Used by `npm run bench` (scripts/bench.mjs), or on its own against a running server:
 *   BENCH_BASE=http://127.0.0.1:3100 BENCH_KEY=pk_…:sk_… node scripts/bench-checkout.mjs
 * It creates a checkout payment through the API, then:
 * - TTFB: BENCH_CHECKOUT_SAMPLES sequential GETs of the page (default 30), p50/p95/max of the time
 *   until the response headers arrive;
 * - weight: the page's HTML plus every script and style sheet it references, fetched the way a
 *   modern browser does (Accept-Encoding: br, gzip; nomodule scripts skipped), bytes as
 *   transferred (compressed body + headers) and decoded.
 */
import http from "node:http";
import https from "node:https";
import zlib from "node:zlib";

function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const lib = url.startsWith("https:") ? https : http;
    const req = lib.get(url, { headers: { "accept-encoding": "br, gzip", "accept-language": "fr-FR,fr;q=0.9", ...headers } }, (res) => {
      const ttfbMs = Number(process.hrtime.bigint() - started) / 1e6;
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const enc = res.headers["content-encoding"];
        const body = enc === "br" ? zlib.brotliDecompressSync(raw) : enc === "gzip" ? zlib.gunzipSync(raw) : raw;
        const headerBytes = Object.entries(res.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0);
        resolve({ status: res.statusCode, ttfbMs, transferred: raw.length + headerBytes, decoded: body.length, encoding: enc ?? "identity", body: body.toString("utf8") });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/** A fresh checkout payment; returns the page's path. */
export async function createCheckoutPath(base, auth) {
  const res = await fetch(`${base}/api/v1/payments/initiate`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ type: "checkout", amount: 5000, currency: "XOF", externalReference: `bench-${Date.now()}-${Math.random()}`, description: "Bench order", returnUrl: `${base}/api/ping` }),
  });
  if (res.status !== 201) throw new Error(`initiate failed: ${res.status} ${await res.text()}`);
  return new URL((await res.json()).data.redirectUrl).pathname;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function measureCheckoutPage(base, auth, samples = Number(process.env.BENCH_CHECKOUT_SAMPLES ?? 30)) {
  const path = await createCheckoutPath(base, auth);
  await get(base + path); // warm-up
  const times = [];
  for (let i = 0; i < samples; i++) times.push((await get(base + path)).ttfbMs);
  times.sort((a, b) => a - b);

  const page = await get(base + path);
  if (page.status !== 200) throw new Error(`checkout page answered ${page.status}`);
  const assets = new Set();
  // A modern browser skips <script nomodule> (Next's legacy polyfills): not counted.
  for (const m of page.body.matchAll(/<script([^>]+)>/g)) {
    const src = /\ssrc="([^"]+)"/.exec(m[1])?.[1];
    if (src && !/\snomodule/i.test(m[1])) assets.add(src);
  }
  for (const m of page.body.matchAll(/<link[^>]+href="([^"]+\.(?:css|js)[^"]*)"/g)) assets.add(m[1]);
  const files = [{ url: path, kind: "html", transferred: page.transferred, decoded: page.decoded, encoding: page.encoding }];
  for (const href of assets) {
    const url = new URL(href.replaceAll("&amp;", "&"), base + path).toString();
    const r = await get(url);
    files.push({ url: href, kind: href.includes(".css") ? "css" : "js", transferred: r.transferred, decoded: r.decoded, encoding: r.encoding });
  }
  const sum = (kind, field) => files.filter((f) => !kind || f.kind === kind).reduce((n, f) => n + f[field], 0);
  const kb = (n) => Math.round((n / 1024) * 10) / 10;
  return {
    ttfbMs: { p50: Number(percentile(times, 50).toFixed(1)), p95: Number(percentile(times, 95).toFixed(1)), max: Number(times.at(-1).toFixed(1)), samples },
    transferredKb: { total: kb(sum(null, "transferred")), html: kb(sum("html", "transferred")), js: kb(sum("js", "transferred")), css: kb(sum("css", "transferred")) },
    decodedKb: { total: kb(sum(null, "decoded")), html: kb(sum("html", "decoded")), js: kb(sum("js", "decoded")), css: kb(sum("css", "decoded")) },
    requests: files.length,
    files,
  };
}

export function printCheckoutFigures(r) {
  const t = r.transferredKb;
  const d = r.decodedKb;
  console.log(`${"checkout page TTFB".padEnd(48)} p50 ${r.ttfbMs.p50} ms  p95 ${r.ttfbMs.p95} ms  max ${r.ttfbMs.max} ms (${r.ttfbMs.samples} sequential)`);
  console.log(
    `${"checkout page weight (HTML+JS+CSS)".padEnd(48)} ${t.total} KB transferred (html ${t.html}, js ${t.js}, css ${t.css}) · ${d.total} KB decoded · ${r.requests} requests${t.total > 100 ? "  (over the 100 KB aim!)" : ""}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.env.BENCH_BASE ?? "http://127.0.0.1:3100";
  const key = process.env.BENCH_KEY ?? "pk_test_E2eE2eE2eE2eE2eE2eE2eE2eE2:sk_test_E2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2";
  const r = await measureCheckoutPage(base, { "X-API-Key": key });
  printCheckoutFigures(r);
  if (process.env.BENCH_VERBOSE) for (const f of r.files) console.log(`  ${f.kind.padEnd(4)} ${String(f.transferred).padStart(7)} B ${f.encoding.padEnd(8)} ${f.url}`);
}
