import { readFileSync } from 'node:fs'

/**
 * The package version, read once from package.json. Source (src/) and build (dist/src/) sit at different
 * depths, so walk up until the unimock package.json is found.
 */
function readVersion (): string {
  let dir = new URL('.', import.meta.url)
  for (let i = 0; i < 5; i++) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as { name?: string, version?: string }
      if (pkg.name === 'unimock' && typeof pkg.version === 'string') return pkg.version
    } catch { /* not here: keep walking up */ }
    dir = new URL('..', dir)
  }
  return '0.0.0'
}

/** The bin's bundle carries the version, defined by its build (scripts/bundle-server.mjs); the modules read it. */
declare const UNIMOCK_VERSION: string | undefined

export const version = typeof UNIMOCK_VERSION === 'string' ? UNIMOCK_VERSION : readVersion()
