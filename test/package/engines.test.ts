import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import semver from 'semver'
import t from 'tap'
import { engineViolations, lowestVersionPerLine } from './node-lines.js'

/**
 * engines names exactly the lines the suite runs on (22 and 24: better-sqlite3 13 needs 22, and Node 20 is past
 * its end of life), a contributor's install (npm ci, dev dependencies included) works with --engine-strict on
 * each, and the Node that scripts/use-node.sh brings for a line is one engines allows.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { engines: { node: string } }
const lock = JSON.parse(readFileSync(`${root}package-lock.json`, 'utf8')) as Parameters<typeof engineViolations>[0]

t.test('engines names Node 22 from 22.12 and Node 24, and no other line', async (t) => {
  t.same(lowestVersionPerLine(manifest.engines.node), ['22.12.0', '24.0.0'])
  t.ok(semver.satisfies(process.versions.node, manifest.engines.node), `the suite's Node ${process.versions.node} is one engines allows`)
})

t.test('every package of package-lock.json allows the lowest version of each Node line engines names', async (t) => {
  t.same(engineViolations(lock, lowestVersionPerLine(manifest.engines.node)), [])
})

t.test('the check finds a package that refuses a line', async (t) => {
  const broken = { packages: { '': {}, 'node_modules/better-sqlite3': { version: '13.2.0', engines: { node: '>=22' } } } }
  t.same(engineViolations(broken, ['20.19.0', '22.12.0']), ['better-sqlite3@13.2.0 needs node >=22, not 20.19.0'])
})

t.test('scripts/use-node.sh pins, for each line, a version engines allows, and refuses other lines', async (t) => {
  const source = readFileSync(`${root}scripts/use-node.sh`, 'utf8')
  const pinned = [...source.matchAll(/^\s*(\d+)\) version=(\d+\.\d+\.\d+) ;;$/gm)].map((m) => ({ line: Number(m[1]), version: m[2]! }))
  t.same(pinned.map((p) => p.line), lowestVersionPerLine(manifest.engines.node).map((v) => semver.major(v)), 'one pin per line of engines')
  for (const { line, version } of pinned) {
    t.equal(semver.major(version), line, `${version} is of line ${line}`)
    t.ok(semver.satisfies(version, manifest.engines.node), `${version} is allowed by engines`)
  }
  const refused = (() => {
    try { execFileSync('bash', [`${root}scripts/use-node.sh`, '20'], { stdio: 'pipe' }); return '' } catch (e) { return String((e as { stderr: Buffer }).stderr) }
  })()
  t.match(refused, /Node 20 is not a line unimock runs on \(22 or 24\)/, 'another line is refused with a clear line')
})
