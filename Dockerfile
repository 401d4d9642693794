# syntax=docker/dockerfile:1.7
# Payments platform: the web app (Next standalone output, default target `app`) and the job
# worker (target `worker`). docs/deploy.md explains the variables and compose.yaml runs both.
#   docker build -t payments-app .
#   docker build --target worker -t payments-worker .

ARG NODE_VERSION=20.19-bookworm-slim

# ---- dependencies (dev ones too: the build needs them) ----
FROM node:${NODE_VERSION} AS deps
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci --no-audit --no-fund

# ---- build: Prisma client, `next build` (output: "standalone") and the worker's bundle ----
FROM deps AS build
COPY . .
RUN npx prisma generate && npx next build && node scripts/build-worker.mjs --force

# ---- worker: the job worker's bundle (scripts/build-worker.mjs): node_modules are inside it ----
FROM node:${NODE_VERSION} AS worker
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 APP_ENV=production MALLOC_ARENA_MAX=2
COPY --from=build /src/.next-worker ./worker
COPY --from=build /src/prisma/migrations ./prisma/migrations
USER node
STOPSIGNAL SIGTERM
# The flags of scripts/build-worker.mjs's workerNodeFlags (docs/decisions/worker-bundle.md).
CMD ["node", "--max-old-space-size=96", "--max-semi-space-size=2", "--liftoff-only", "worker/worker.mjs"]

# ---- app: the standalone server, non-root ----
FROM node:${NODE_VERSION} AS app
WORKDIR /app
# HOSTNAME: Docker sets it to the container id; the server must bind every interface.
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 APP_ENV=production MALLOC_ARENA_MAX=2 PORT=3000 HOSTNAME=0.0.0.0 DATA_DIR=/app/.data
COPY --from=build --chown=node:node /src/.next/standalone ./
COPY --from=build --chown=node:node /src/.next/static ./.next/static
COPY --from=build --chown=node:node /src/public ./public
COPY --from=build --chown=node:node /src/prisma/migrations ./prisma/migrations
# Our launcher (X-Forwarded-For from the socket peer, the API fast path, graceful SIGTERM) instead of server.js.
COPY --from=build --chown=node:node /src/scripts/serve.mjs /src/scripts/api-fast-path.mjs /src/scripts/forwarded-for.mjs /src/scripts/body-limit.mjs /src/scripts/graceful-shutdown.mjs ./scripts/
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
STOPSIGNAL SIGTERM
# 200 when healthy or degraded, 503 when down (no database).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/v1/health').then(r=>process.exit(r.status<500?0:1),()=>process.exit(1))"]
# The flags of scripts/server-flags.mjs (old space cap, 4 MB semi-spaces, --liftoff-only: ~90 MB less RSS).
CMD ["node", "--max-old-space-size=160", "--max-semi-space-size=4", "--liftoff-only", "scripts/serve.mjs"]
