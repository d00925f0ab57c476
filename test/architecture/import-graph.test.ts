import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'

/**
 * The folder import graph of src/, and the two rules it must keep (docs/ARCHITECTURE.md, rule 1):
 * imports point down the layers (server → cli → app → admin → domains → store/jobs/http → core), and no folder
 * imports another in a circle. `import type` counts: a cycle of types is still a cycle of design.
 *
 * Run it alone to print the graph: npx tap test/architecture/import-graph.test.ts --reporter=tap
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src')

/** Lower layers first. A unit may import its own layer or a lower one (cycles are checked separately). */
const LAYERS: ReadonlyArray<readonly string[]> = [
  ['core', 'config', 'version', 'control-client'],
  ['store', 'jobs', 'http', 'context'],
  ['plant-store', 'integration/*'],
  ['integration'],
  ['server-control', 'dashboard'],
  ['app'],
  ['cli', 'conform'],
  ['server', 'launcher', 'code-cache', 'index', 'testcontainers']
]

/**
 * Domains large enough to be split by concern: each of their sub-folders counts alone too (data/catalogue,
 * data/records, ...), so no two of them import each other in a circle; their root files count as the domain.
 */
const SPLIT_DOMAINS = new Set(['third-party/data'])

/**
 * The unit of a file: its folder, or a root file by name. The unified service's folders are grouped in wings
 * (integration/service, third-party, background, observation, control); each domain of a wing counts alone
 * (integration/base/accounts), and the files at integration/'s root (the composition root) are `integration`.
 */
function unitOf (file: string): string {
  const parts = relative(SRC, file).replace(/\.ts$/, '').split('/')
  if (parts.length === 1) return parts[0]!
  if (parts[0] !== 'integration') return parts[0]!
  if (parts.length === 2) return 'integration'
  const domain = `integration/${parts[1]}/${parts[2]}`
  if (parts.length > 4 && SPLIT_DOMAINS.has(`${parts[1]}/${parts[2]}`)) return `${domain}/${parts[3]}`
  return parts.length > 3 ? domain : `integration/${parts[1]}`
}

function layerOf (unit: string): number {
  const i = LAYERS.findIndex((l) => l.includes(unit) || (unit.startsWith('integration/') && l.includes('integration/*')))
  if (i < 0) throw new Error(`unit ${unit} has no layer in LAYERS`)
  return i
}

function sources (dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return sources(path)
    return e.name.endsWith('.ts') ? [path] : []
  })
}

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'|(?:^|\n)\s*import\s+'(\.[^']+)'|import\('(\.[^']+)'\)/g

/** unit → units it imports, with one example file edge per pair (for the failure message). */
export function importGraph (): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>()
  for (const file of sources(SRC)) {
    const from = unitOf(file)
    const edges = graph.get(from) ?? new Map<string, string>()
    graph.set(from, edges)
    for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const spec = m[1] ?? m[2] ?? m[3]!
      const target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'))
      const to = unitOf(target)
      if (to !== from && !edges.has(to)) edges.set(to, `${relative(SRC, file)} → ${spec}`)
    }
  }
  return graph
}

/** The groups of units that import each other in a circle: strongly connected components of more than one unit. */
function circles (graph: Map<string, Map<string, string>>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (v: string): void => {
    index.set(v, counter)
    low.set(v, counter++)
    stack.push(v)
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (stack.includes(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!))
      }
    }
    if (low.get(v) !== index.get(v)) return
    const group: string[] = []
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      group.push(w)
      if (w === v) break
    }
    if (group.length > 1) found.push(group.sort())
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found
}

const graph = importGraph()
const lines = [...graph].sort(([a], [b]) => layerOf(b) - layerOf(a) || a.localeCompare(b))
  .map(([unit, edges]) => `${unit} → ${[...edges.keys()].sort().join(', ') || '(nothing)'}`)
t.comment(`folder import graph (higher layers first):\n${lines.join('\n')}`)

t.test('no import runs up the layers', async (t) => {
  const upward: string[] = []
  for (const [from, edges] of graph) {
    for (const [to, example] of edges) if (layerOf(to) > layerOf(from)) upward.push(`${from} → ${to} (${example})`)
  }
  t.same(upward, [])
})

t.test('no folder imports another in a circle', async (t) => {
  t.same(circles(graph).map((group) => group.join(' ⇄ ')), [])
})
