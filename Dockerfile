# syntax=docker/dockerfile:1
# Lodestar's image: the web app and the server built in one stage, run in another with production
# dependencies only, as the unprivileged `node` user. It expects an external PostgreSQL (DATABASE_URL);
# see compose.yaml and README "Running it for real".

FROM node:22.20.0-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/db/package.json packages/db/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
# The web app (apps/web/dist) and the server bundle (apps/server/dist/main.mjs).
RUN npm run build

FROM node:22.20.0-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/db/package.json packages/db/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# What the bundle reads at run time: migrations, the shipped exchange-rate history, the built web app.
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/data apps/server/data
COPY --from=build /app/packages/db/migrations packages/db/migrations
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/v1/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/server/dist/main.mjs"]
