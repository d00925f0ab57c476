import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

/**
 * The built CLI: the bench measures what users run (`npm start`, the `unimock` bin: the one-file bundle of
 * dist/src/server.js), not the TypeScript sources. UNIMOCK_BENCH_SERVER points at another build's entry,
 * e.g. to compare two commits, or the unbundled dist/src/server.js.
 */
export const UNIMOCK_SERVER = process.env.UNIMOCK_BENCH_SERVER || fileURLToPath(new URL('../../dist/src/launcher.js', import.meta.url))

/** dist/src/index.js of the build under measurement (beside UNIMOCK_BENCH_SERVER, when set), for in-process cases. */
export function indexOfBuild () {
  return pathToFileURL(join(dirname(UNIMOCK_SERVER), 'index.js')).href
}

export function assertBuilt () {
  if (!existsSync(UNIMOCK_SERVER)) {
    throw new Error(`${UNIMOCK_SERVER} is missing: build first (npm run bench builds, or run npm run build)`)
  }
}

/**
 * CLI arguments of a unimock under measurement: logs silenced (a logger writing every request would be
 * measured instead of the server) and an in-memory database unless the case says otherwise.
 */
export function unimockArgs ({ port = 0, extra = [] } = {}) {
  return [UNIMOCK_SERVER, '--port', String(port), '--host', '127.0.0.1', '--log-level', 'silent', '--db', ':memory:', ...extra]
}
