import { readFileSync } from 'node:fs'
import t from 'tap'
import { engineViolations, lowestVersionPerLine } from './node-lines.js'

/** A contributor's install (npm ci, dev dependencies included) works with --engine-strict on every Node line. */

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } }
const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as Parameters<typeof engineViolations>[0]

t.test('every package of package-lock.json allows the lowest version of each Node line engines names', async (t) => {
  const lines = lowestVersionPerLine(manifest.engines.node)
  t.same(lines.slice(0, 2), ['20.19.0', '22.12.0'], 'engines names Node 20 from 20.19 and Node 22 from 22.12 on, and later lines')
  t.same(engineViolations(lock, lines), [])
})

t.test('the check finds a package that refuses a line', async (t) => {
  const broken = { packages: { '': {}, 'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } } } }
  t.same(engineViolations(broken, ['20.19.0', '22.12.0']), ['cookie@2.0.2 needs node >=22, not 20.19.0'])
})
