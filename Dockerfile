# syntax=docker/dockerfile:1
# unimock: docker build -t unimock . && docker run --rm -p 4010:4010 unimock
# Node 24, an LTS line supported until April 2028 (Node 20 reached its end of life in April 2026).

# ---- build: compile better-sqlite3 and the TypeScript sources ----
FROM node:24-slim AS build
# better-sqlite3 is a native addon, compiled here from source.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app

# Dependencies first, so source edits do not reinstall them. --ignore-scripts because the package's
# "prepare" script compiles src/, which is not copied yet; better-sqlite3's own install script is then
# run explicitly, forced to compile rather than fetch a prebuilt binary, against the Node headers this
# image ships in /usr/local/include/node (so node-gyp downloads none).
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts \
 && npm_config_nodedir=/usr/local npm rebuild better-sqlite3 --build-from-source

# .dockerignore keeps tests, bench, docs and local builds out. fixtures/ and scenarios/ are read at run
# time; a directory git does not track yet (empty) is created so the runtime stage can copy it.
# The build also starts the server once on loopback, to write the code cache.
COPY . .
RUN npm run build \
 && rm dist/build.tsbuildinfo \
 && npm prune --omit=dev --ignore-scripts \
 && mkdir -p fixtures scenarios
# Of better-sqlite3's build only the addon is needed at run time: the SQLite sources and object files
# would add about 25 MB to the image.
RUN cd node_modules/better-sqlite3 \
 && mv build/Release/better_sqlite3.node /tmp/ \
 && rm -rf build deps src \
 && mkdir -p build/Release \
 && mv /tmp/better_sqlite3.node build/Release/

# ---- runtime: production dependencies and the compiled output only, as a non-root user ----
FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    UNIMOCK_HOST=0.0.0.0 \
    UNIMOCK_PORT=4010 \
    UNIMOCK_DB=:memory:
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/fixtures ./fixtures
COPY --from=build /app/scenarios ./scenarios
# /data is where a file database goes (UNIMOCK_DB=/data/unimock.db with a volume mounted there);
# the image's files stay root-owned and read-only to the server.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 4010
# The slim image has no curl: the probe is Node's own fetch.
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.UNIMOCK_PORT||4010)+'/_unimock/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# What npm start and the bin run: the one-file bundle of dist/src/server.js, compiled from the V8 code
# cache that `npm run build` wrote above with this image's Node (src/code-cache.ts).
CMD ["node", "dist/src/launcher.js"]
