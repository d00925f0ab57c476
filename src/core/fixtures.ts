import { readFileSync } from 'node:fs'

/**
 * Reads a file of the package's `fixtures/` or `scenarios/` folder as JSON. The sources (src/), the build
 * (dist/src/) and the CLI bundle sit at different depths below the package root, so it walks up to it.
 */
export function readPackageJsonFile<T> (relativePath: string): T {
  let dir = new URL('.', import.meta.url)
  for (let i = 0; i < 7; i++) {
    let text: string | undefined
    try { text = readFileSync(new URL(relativePath, dir), 'utf8') } catch { /* not here: keep walking up */ }
    if (text !== undefined) return JSON.parse(text) as T
    dir = new URL('..', dir)
  }
  throw new Error(`${relativePath} was not found next to the unimock package`)
}
