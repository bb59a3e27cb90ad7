# syntax=docker/dockerfile:1
#
# One image recipe for every Partner Connect app. The image holds the compiled code of ALL apps,
# the migration script and the partner CLI; the APP build argument only picks what `CMD` starts.
#
#   docker build --build-arg APP=payouts -t partner-connect/payouts .
#   docker run --rm partner-connect/payouts                                   # the app (dist/apps/payouts/src/main.js)
#   docker run --rm partner-connect/payouts node dist/scripts/migrate.js      # all migrations (or: … migrate.js payouts)
#   docker run --rm partner-connect/payouts node dist/apps/api-gateway/src/cli/partner.cli.js list
#
# NestJS 12 is ESM-only while the code is compiled to CommonJS: it relies on require(esm), enabled by
# default from Node 20.19 / 22.12; nestjs-pino 5 requires Node >= 22.12. Node 22 (LTS) is used; pin a
# digest for reproducible production builds.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
# SCARF_ANALYTICS: swagger-ui-dist's install script would otherwise try to report the install.
ENV npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false \
    SCARF_ANALYTICS=false

# Every dependency (dev included): the compiler and tsc-alias are dev dependencies.
FROM base AS deps
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci

FROM deps AS build
COPY tsconfig.json tsconfig.build.json nest-cli.json ./
COPY libs ./libs
COPY apps ./apps
COPY scripts ./scripts
# tsc -p tsconfig.build.json && tsc-alias: dist/apps/<app>/src/main.js, dist/scripts/migrate.js
RUN npm run build

# Production dependencies only, installed separately so no dev package reaches the runtime image.
FROM base AS prod-deps
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev

FROM ${NODE_IMAGE} AS runtime
ARG APP=api-gateway
LABEL org.opencontainers.image.title="partner-connect-${APP}" \
      org.opencontainers.image.description="Partner Connect service ${APP} (the image contains every app)"
WORKDIR /app
# --enable-source-maps: stack traces in the JSON logs point at the TypeScript sources.
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps \
    APP=${APP}
# Code and dependencies stay owned by root: the app user can read but never modify them.
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
RUN test -f "dist/apps/${APP}/src/main.js" \
    || { echo "APP='${APP}' has no dist/apps/${APP}/src/main.js; use one of: $(ls dist/apps | tr '\n' ' ')" >&2; exit 1; }

# The image's own unprivileged user (node, uid 1000), numeric so Kubernetes can verify runAsNonRoot.
USER 1000:1000
EXPOSE 3000-3006

# Slim images have no curl: the probe is a one-line node fetch of the readiness endpoint. PORT, when
# not set, is the app's default port (the same table as the apps' env classes).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "const d={'api-gateway':3000,'partner-onboarding':3001,'merchant-account':3002,'payouts':3003,'verification-sessions':3004,'webhook-dispatcher':3005,'hosted-flow':3006};const p=process.env.PORT||d[process.env.APP];fetch('http://127.0.0.1:'+p+'/health/ready',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# exec: node becomes PID 1 and receives SIGTERM directly (the apps shut down gracefully on it).
CMD ["/bin/sh", "-c", "exec node \"dist/apps/${APP}/src/main.js\""]
