import { readFileSync } from 'node:fs'

/**
 * Reads a file of the package's `fixtures/` or `scenarios/` folder as JSON. The sources (src/), the build
 * (dist/src/) and the CLI bundle sit at different depths below the package root, so it walks up to it.
 * The answer is shared, and frozen outside the CLI bundle.
 */
export function readPackageJsonFile<T> (relativePath: string): T {
  let parsed = read.get(relativePath)
  if (parsed === undefined) {
    const value: unknown = JSON.parse(findText(relativePath))
    parsed = FREEZE ? deepFreeze(value) : value
    read.set(relativePath, parsed)
  }
  return parsed as T
}

/**
 * Parsed once per process and frozen, so no reader can change what the next one gets: every app built
 * read the catalogue's operations four times and the available actions once (about 8 ms an app).
 */
const read = new Map<string, unknown>()

/**
 * Freezing is a guard, not a behaviour: a reader that changed a fixture would throw in the test suite and in
 * every program importing the package, which run the same code frozen. The CLI bundle, one app per process,
 * skips it (scripts/bundle-server.mjs defines the switch): freezing the catalogue's 780 KB of JSON object by
 * object was 4-6 ms of every cold start.
 */
declare const UNIMOCK_FREEZE_FIXTURES: boolean | undefined
const FREEZE = typeof UNIMOCK_FREEZE_FIXTURES === 'boolean' ? UNIMOCK_FREEZE_FIXTURES : true

function findText (relativePath: string): string {
  let dir = new URL('.', import.meta.url)
  for (let i = 0; i < 7; i++) {
    let text: string | undefined
    try { text = readFileSync(new URL(relativePath, dir), 'utf8') } catch { /* not here: keep walking up */ }
    if (text !== undefined) return text
    dir = new URL('..', dir)
  }
  throw new Error(`${relativePath} was not found next to the unimock package`)
}

function deepFreeze (value: unknown): unknown {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const member of Object.values(value)) deepFreeze(member)
  }
  return value
}
