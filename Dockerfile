# syntax=docker/dockerfile:1
# unimock: docker build -t unimock . && docker run --rm -p 4010:4010 unimock
# Node 24, an LTS line supported until April 2028 (Node 20 reached its end of life in April 2026).
# .ci/image builds this file with podman and tests the image (start, health, the link flow, a clean stop, a
# file database on a volume).

# ---- build: the TypeScript sources, the server bundle and its code cache ----
FROM node:24-slim AS build
WORKDIR /app

# Dependencies first, so source edits do not reinstall them. Nothing is compiled: better-sqlite3 13 carries
# its addon prebuilt for each platform in its npm package, so no python3, make or g++. --ignore-scripts because
# the package's "prepare" script builds src/, which is not copied yet.
# Behind a TLS-inspecting proxy, npm needs the proxy's CA: pass it as a build secret
# (`--secret id=npm-ca,src=FILE`), mounted for this step only and never written into a layer. Without one
# (a plain `docker build .`) npm uses Node's own CA list.
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=npm-ca,required=false \
    if [ -s /run/secrets/npm-ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm-ca; fi \
 && npm ci --ignore-scripts --no-audit --no-fund

# .dockerignore keeps tests, bench, docs and local builds out. The build also starts the server once on
# loopback, with this image's Node, to write the V8 code cache the runtime stage's same Node then accepts.
COPY . .
RUN npm run build

# What the server reads at run time, gathered in /out. dist/src/launcher.js (with code-cache.js, which it
# imports) runs dist/src/server.bundle.cjs from its code cache; the dashboard is served from dist/src/ui; the
# rest of dist/src (the compiled modules the bundle was made from, the type declarations) is the npm package's,
# not the server's. The bundle holds every dependency but the ones scripts/bundle-server.mjs keeps
# external: better-sqlite3 (a native addon) and undici (loaded when a tenant adds a webhook target) are copied,
# esbuild is not (a devDependency, loaded only to bundle the dashboard when dist/src/ui is missing). Of
# better-sqlite3 only its JavaScript and this platform's addon are needed (not the SQLite sources, about 10 MB,
# nor the other platforms' addons, about 2 MB each); its dependency node-addon-api is headers for compiling.
# The last line fails the build if the bundle gains an external this list does not copy, or an addon that
# does not load.
RUN mkdir -p /out/dist/src /out/node_modules \
 && cp -r dist/src/launcher.js dist/src/code-cache.js dist/src/server.bundle.cjs dist/src/server.bundle.cjs.cache \
      dist/src/ui /out/dist/src/ \
 && cp -r package.json LICENSE fixtures scenarios /out/ \
 && cp -r node_modules/better-sqlite3 node_modules/undici /out/node_modules/ \
 && cd /out/node_modules \
 && rm -rf better-sqlite3/binding.gyp better-sqlite3/deps better-sqlite3/src undici/docs undici/types undici/scripts \
 && find better-sqlite3/prebuilds -type f ! -name "linux-$(node -p process.arch).node" -delete \
 && cd /out \
 && node -e " \
      const pkg = require('./package.json'); \
      const external = [...pkg.scripts.bundle.matchAll(/--external:(\S+)/g)].map((m) => m[1]); \
      const missing = external.filter((name) => name in pkg.dependencies && !require('node:fs').existsSync('node_modules/' + name)); \
      if (missing.length > 0) throw new Error('the bundle needs ' + missing.join(', ') + ', not copied to the image'); \
      new (require('better-sqlite3'))(':memory:').prepare('select 1').get(); require('undici')"

# ---- runtime: the server's files only, as a non-root user ----
FROM node:24-slim AS runtime
ARG VERSION=dev
ARG SOURCE=
LABEL org.opencontainers.image.title="unimock" \
      org.opencontainers.image.description="A simulator of a unified integration service and a sample plant store, for contract tests, local development and failure-mode demos" \
      org.opencontainers.image.licenses="MIT" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.version="${VERSION}"
ENV NODE_ENV=production \
    UNIMOCK_HOST=0.0.0.0 \
    UNIMOCK_PORT=4010 \
    UNIMOCK_DB=:memory:
WORKDIR /app
# package.json is read at run time: its "type" makes launcher.js a module, its version is the one reported.
# fixtures/ and scenarios/ are found by walking up from dist/src.
COPY --from=build /out ./
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
