import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { circles, importGraph, layerOf, upwardImports } from './folder-graph.js'

/**
 * src/ keeps the layers of docs/ARCHITECTURE.md, rule 1: server → cli → app → server-control/dashboard →
 * integration (compose) → the wings base → third-party → service → background → observation/control →
 * store/jobs/http → core, with no circle between folders (folder-graph.ts says how a folder is counted).
 *
 * Run it alone to print the graph: npx tap test/architecture/import-graph.test.ts --reporter=tap
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src')

const graph = importGraph(SRC)
const lines = [...graph].sort(([a], [b]) => layerOf(b) - layerOf(a) || a.localeCompare(b))
  .map(([unit, edges]) => `${unit} → ${[...edges.keys()].sort().join(', ') || '(nothing)'}`)
t.comment(`folder import graph (higher layers first):\n${lines.join('\n')}`)

t.test('no import runs up the layers', async (t) => {
  t.same(upwardImports(graph), [])
})

t.test('no folder imports another in a circle', async (t) => {
  t.same(circles(graph).map((group) => group.join(' ⇄ ')), [])
})

t.test('a planted import from a lower wing into a higher one is named, and so is the circle it closes', async (t) => {
  const copy = mkdtempSync(join(tmpdir(), 'unimock-graph-'))
  t.teardown(() => { rmSync(copy, { recursive: true, force: true }) })
  cpSync(SRC, copy, { recursive: true })
  // base/accounts is imported by service/link; an import back makes both an upward arrow and a circle.
  appendFileSync(join(copy, 'integration/base/accounts/account-service.ts'), "\nimport type { LinkService } from '../../service/link/link-service.js'\n")
  const planted = importGraph(copy)
  t.same(upwardImports(planted), ['integration/base/accounts → integration/service/link (integration/base/accounts/account-service.ts → ../../service/link/link-service.js)'])
  t.ok(circles(planted).some((group) => group.includes('integration/base/accounts') && group.includes('integration/service/link')))
  // one wing down: the sync domain (background) taking a schema from the control wing, as it once did
  appendFileSync(join(copy, 'integration/background/sync/control-routes.ts'), "\nimport type { ControlAccount } from '../../control/linked-accounts/schemas.js'\n")
  t.ok(upwardImports(importGraph(copy)).some((arrow) => arrow.startsWith('integration/background/sync → integration/control/linked-accounts ')))
})
