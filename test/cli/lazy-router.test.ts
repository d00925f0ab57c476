import t from 'tap'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
// @ts-expect-error: a build script, plain JavaScript without types
import { lazyRouter } from '../../scripts/lazy-router.mjs'

/**
 * scripts/lazy-router.mjs patches find-my-way's text in the CLI bundle so its matchers compile on first use
 * (#49: a sixth of the cold start). It must fail by name here when a find-my-way upgrade moves the text,
 * and must never fail a user's build for it: there the router is bundled as it is.
 */

t.test('the built bundle holds the patched router', async (t) => {
  const bundle = readFileSync(new URL('../../dist/src/server.bundle.cjs', import.meta.url), 'utf8')
  for (const name of ['matchPrefixOnFirstUse', 'createParamsOnFirstUse', 'matchConstraintsOnFirstUse']) {
    t.ok(bundle.includes(`function ${name}`), `${name}: if this fails, find-my-way moved the text scripts/lazy-router.mjs patches; review the patch against it`)
  }
  t.ok(bundle.includes('(constraints.mustMatchWhenDerived||replaced?.mustMatchWhenDerived)&&this._rebuild(this.routes)'), 'a strategy that excludes nothing no longer rebuilds the router')
})

t.test('a find-my-way without the patched text is bundled as it is, with a warning', async (t) => {
  const dir = t.testdir({})
  const fmw = join(dir, 'node_modules', 'find-my-way')
  mkdirSync(join(fmw, 'lib'), { recursive: true })
  writeFileSync(join(fmw, 'index.js'), "require('./lib/node.js'); require('./lib/handler-storage.js'); module.exports = 'index of another find-my-way'\n")
  writeFileSync(join(fmw, 'lib', 'node.js'), "module.exports = 'node of another find-my-way'\n")
  writeFileSync(join(fmw, 'lib', 'handler-storage.js'), "module.exports = 'storage of another find-my-way'\n")
  writeFileSync(join(dir, 'entry.js'), "module.exports = require('./node_modules/find-my-way/index.js')\n")
  const warnings: string[] = []
  const write = process.stderr.write.bind(process.stderr)
  process.stderr.write = ((chunk: string | Uint8Array) => { warnings.push(String(chunk)); return true }) as typeof process.stderr.write
  let out: string
  try {
    const result = await build({ entryPoints: [join(dir, 'entry.js')], bundle: true, write: false, platform: 'node', format: 'cjs', plugins: [lazyRouter], logLevel: 'silent' })
    out = result.outputFiles[0]!.text
  } finally {
    process.stderr.write = write
  }
  t.match(out, /index of another find-my-way/, 'bundled')
  t.notMatch(out, /OnFirstUse/, 'unpatched')
  t.ok(warnings.some((w) => w.includes('lazy-router:') && w.includes('bundled unpatched')), 'says so on stderr')
})
