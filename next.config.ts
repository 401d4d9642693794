import type { NextConfig } from "next";

/**
 * `npm start` builds a fresh clone itself (scripts/start.mjs sets START_BUILD=1): that build skips
 * Next's own type check (CI and `npm run typecheck` run `tsc`; on 2 cores it is ~40 % of the
 * build) and does not write Turbopack's build cache (a minute more, for a later build of the
 * same sources). `next build` (CI, the image) keeps both. README "First start" has the figures.
 */
const startBuild = process.env.START_BUILD === "1";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  typescript: { ignoreBuildErrors: startBuild },
  experimental: {
    turbopackFileSystemCacheForBuild: !startBuild,
    // Next loads every page and route at start by default: the dashboard's, the checkout's and
    // the docs' server chunks (12.7 MB of JavaScript, 1,212 modules) in every API process, which
    // may never serve one. Off, each page loads on its first request, once per process (`/login`:
    // ~1 s on a loaded machine, then 0.05 s): 6.8 MB, 841 modules, and 11-17 MB less peak RSS
    // under the API's load (docs/performance.md, "API memory"; docs/decisions/api-memory.md).
    preloadEntriesOnStart: false,
  },
  // `.next/standalone`: the server and only the node_modules files it uses, for the container
  // image (Dockerfile). `npm start` (scripts/serve.mjs) serves the same build from the checkout.
  output: "standalone",
  // Read at run time by path, so not found by the tracer: the migrations applied at start.
  outputFileTracingIncludes: { "/**": ["./prisma/migrations/**/*"] },
  // Database drivers and the embedded Postgres (WebAssembly) load from node_modules at run time.
  // The logger, metrics and tracing too: one copy of prom-client's registry and of the OTel API's
  // globals for every bundle, and pino's worker-free sync writes as written.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/client",
    "@prisma/adapter-pg",
    "pg",
    "ioredis",
    "pino",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/sdk-trace",
    "@opentelemetry/context-async-hooks",
    "@opentelemetry/resources",
    "@opentelemetry/exporter-trace-otlp-http",
  ],
  async headers() {
    // HSTS only in a production build (`next build` sets NODE_ENV=production): browsers ignore it
    // over plain HTTP, but `next dev` on a developer's own domain must not pin it to HTTPS for two
    // years. Every deployment (sandbox and production alike) is served over HTTPS.
    const hsts = process.env.NODE_ENV === "production" ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }] : [];
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
          ...hsts,
        ],
      },
      {
        // Providers' marks (generated badges, official files) are images: opened on their own, an
        // SVG gets no script, no plug-in, no network (sandbox), whatever a file might contain.
        source: "/:dir(logos|operators)/:file*",
        headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox" }],
      },
      {
        // The hosted checkout's URL holds its token: not even the path goes to other sites. A later
        // rule wins over the one above for the same header (Next applies these over the route's own).
        source: "/checkout/:path*",
        headers: [{ key: "Referrer-Policy", value: "same-origin" }],
      },
      {
        // So does the sign-up confirmation link's (its single-use token is in the query).
        source: "/signup/confirm",
        headers: [{ key: "Referrer-Policy", value: "same-origin" }],
      },
      {
        // And the team invitation's.
        source: "/invite/accept",
        headers: [{ key: "Referrer-Policy", value: "same-origin" }],
      },
    ];
  },
};

export default nextConfig;
