# Parti in one image: the API (with the built web app) or a worker, chosen by the command (docs: README "Past
# one machine"). Multi-stage: dependencies and the web build in the first stage, a slim non-root runtime with
# ffmpeg in the second.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
COPY bench/package.json bench/
# the postinstall builds the web app, which needs the sources: install first without scripts, build below
RUN npm ci --ignore-scripts --no-audit --no-fund && npm rebuild esbuild sharp
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg ca-certificates \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# MALLOC_ARENA_MAX=2: glibc's per-thread malloc arenas otherwise keep the freed decode buffers of libvips
# (sharp): an MLS export of 20 phone photos held 650 MB more after it, 25 to 200 MB with two arenas
# (docs/decisions/0122-mls-export-streamed-and-stored.md)
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    FFMPEG_PATH=/usr/bin/ffmpeg \
    WEB_DIST_DIR=/app/apps/web/dist
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
# the API's own health route (database reachable); a worker has no port and is watched by its restart policy
HEALTHCHECK --interval=15s --timeout=5s --start-period=40s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# all | api | worker
ENTRYPOINT ["node", "scripts/start.mjs"]
CMD ["all"]
