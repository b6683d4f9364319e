# syntax=docker/dockerfile:1
# Fernwood's production image: the compiled server (apps/server/dist), the built web app
# (apps/web/dist, with its .br and .gz copies) and the production dependencies; no TypeScript
# tooling at run time. Runs as the unprivileged `node` user; state goes to /data.
#
#   docker build -t fernwood .
#   docker run -p 3000:3000 -e PUBLIC_ORIGIN=http://localhost:3000 -e DATABASE_URL=… fernwood
#
# compose.yaml runs the scale-out topology (PostgreSQL, two servers, a worker, nginx).

ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: every workspace's dependencies, then the web app and the server ----------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY . .
# `npm install`, not `npm ci`: the registry serves only some platforms' optional binaries, so
# the lockfile cannot list all of them and `npm ci` refuses it (see .ci/run).
# Then node_modules again with the server's production dependencies alone (from npm's cache):
# `npm prune --omit=dev` would keep every workspace's, the web app's React and wallet kits
# (~140 MB) that the runtime never loads, since the web app is served built.
RUN npm install --no-audit --no-fund \
 && npm run build \
 && rm -rf node_modules \
 && npm install --omit=dev --workspace=@fernwood/server --prefer-offline --no-audit --no-fund

# --- runtime: what `node apps/server/dist/main.js` needs, nothing more -----------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# package-lock.json marks the repository root, where the server finds apps/web/dist.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready means the database and the chain answer; a load balancer should route by the same.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server maps its own stack traces to the sources (apps/server/src/start).
CMD ["node", "apps/server/dist/main.js"]
