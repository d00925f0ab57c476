import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import t from 'tap'

// The build compiles incrementally into the dist/ it finds; scripts/clean-dist.mjs first removes outputs
// whose source is gone, so a deleted module cannot stay importable from dist/. Needs `npm run build` first.

const root = fileURLToPath(new URL('../..', import.meta.url))
const at = (path: string): string => `${root}${path}`

t.test('outputs without a source go; compiled modules and the bundles stay', async (t) => {
  if (!existsSync(at('dist/src/index.js'))) throw new Error('dist/ is not built: run `npm run build` first')
  mkdirSync(at('dist/src/removed-folder'), { recursive: true })
  writeFileSync(at('dist/src/removed-folder/gone.js'), 'export const gone = 1\n')
  writeFileSync(at('dist/src/removed-folder/gone.d.ts'), 'export declare const gone = 1\n')
  writeFileSync(at('dist/src/renamed-module.js'), 'export {}\n')
  await promisify(execFile)(process.execPath, [at('scripts/clean-dist.mjs')])
  t.notOk(existsSync(at('dist/src/removed-folder')), 'a folder left with nothing is removed')
  t.notOk(existsSync(at('dist/src/renamed-module.js')), 'a module whose source is gone is removed')
  for (const kept of ['dist/src/index.js', 'dist/src/index.d.ts', 'dist/src/core/clock.js', 'dist/src/server.bundle.cjs', 'dist/src/ui']) {
    t.ok(existsSync(at(kept)), `${kept} stays`)
  }
})
