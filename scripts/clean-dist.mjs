// Removes what an earlier build left in dist/src that no source produces any more. The build compiles with
// tsc --incremental (tsconfig.build.json), which writes only what changed: a deleted or renamed module's
// output would otherwise stay importable from dist/ and hide that the module is gone. What the bundlers
// write (dist/src/ui, server.bundle.cjs and its code cache) is written again by every build.
import { existsSync, readdirSync, rmdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const dist = join(root, 'dist/src')
const OUTPUT = /\.(d\.ts|js)$/
const BUNDLED = new Set(['ui', 'server.bundle.cjs', 'server.bundle.cjs.cache'])

/** Answers whether the folder is empty once its orphans are gone. */
function clean (relative) {
  let left = 0
  for (const entry of readdirSync(join(dist, relative), { withFileTypes: true })) {
    const path = join(relative, entry.name)
    if (relative === '' && BUNDLED.has(entry.name)) { left++; continue }
    if (entry.isDirectory()) {
      if (clean(path)) rmdirSync(join(dist, path))
      else left++
    } else if (OUTPUT.test(entry.name) && !existsSync(join(root, 'src', path.replace(OUTPUT, '.ts')))) {
      rmSync(join(dist, path))
    } else {
      left++
    }
  }
  return left === 0
}

if (existsSync(dist)) clean('')
