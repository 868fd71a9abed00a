# syntax=docker/dockerfile:1
# The console as one image: built in a first stage, run from a second one that holds the server's
# production dependencies and the built files only (scripts/runtime-files.txt, the list CI's
# scripts/runtime-check.sh installs and starts the same way). docs/deploy.md tells how to run it.
#
#   docker build -t agora .
#   docker run -p 3000:3000 -e ADMIN_PASSWORD=… -v agora-data:/app/data agora
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
# manifests first: the dependency layer is rebuilt only when they change
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY packages/decor/package.json packages/decor/
COPY e2e/package.json e2e/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build && scripts/stage-runtime.sh /runtime

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /runtime/manifest/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund
COPY --from=build /runtime/built/ ./
# The code stays root's (read-only to the server); only the data folder is the server's to write:
# the embedded database and the local-disk uploads when neither DATABASE_URL nor S3_* is set.
RUN mkdir /app/data && chown node:node /app/data
USER node
ENV PORT=3000 DATA_DIR=/app/data
VOLUME /app/data
EXPOSE 3000
# /healthz answers while the process runs (no database call); readiness is /readyz, for the proxy.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "packages/server/dist/main.js"]
