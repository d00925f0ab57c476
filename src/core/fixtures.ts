import { readFileSync } from 'node:fs'

/**
 * Reads a file of the package's `fixtures/` or `scenarios/` folder as JSON. The sources (src/), the build
 * (dist/src/) and the CLI bundle sit at different depths below the package root, so it walks up to it.
 * The answer is shared and frozen.
 */
export function readPackageJsonFile<T> (relativePath: string): T {
  let parsed = read.get(relativePath)
  if (parsed === undefined) {
    parsed = deepFreeze(JSON.parse(findText(relativePath)))
    read.set(relativePath, parsed)
  }
  return parsed as T
}

/**
 * Parsed once per process and frozen, so no reader can change what the next one gets: every app built
 * read the catalogue's operations four times and the available actions once (about 8 ms an app).
 */
const read = new Map<string, unknown>()

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
