import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/**
 * The folder import graph of a source tree, and the two rules it must keep (docs/ARCHITECTURE.md, rule 1):
 * imports point down the layers, and no folder imports another in a circle. `import type` counts: a cycle of
 * types is still a cycle of design. test/architecture/import-graph.test.ts holds src/ to them.
 */

/**
 * Lower layers first. A unit may import its own layer or a lower one (cycles are checked separately). The
 * unified service's wings are layers too: base (what every domain stands on) → third-party → service →
 * background → observation and control; `integration/<wing>/*` stands for every domain of that wing.
 */
const LAYERS: ReadonlyArray<readonly string[]> = [
  ['core', 'config', 'version', 'control-client'],
  ['store', 'jobs', 'http', 'context'],
  ['plant-store', 'integration/base/*'],
  ['integration/third-party/*'],
  ['integration/service/*'],
  ['integration/background/*'],
  ['integration/observation/*', 'integration/control/*'],
  ['integration'],
  ['server-control', 'dashboard'],
  ['app'],
  ['cli', 'conform'],
  ['server', 'launcher', 'code-cache', 'index', 'testcontainers']
]

/**
 * Domains large enough to be split by concern: each of their sub-folders counts alone too (data/fake,
 * data/records, ...), so no two of them import each other in a circle; their root files count as the domain.
 */
const SPLIT_DOMAINS = new Set(['third-party/data'])

/**
 * The unit of a file: its folder, or a root file by name. The unified service's folders are grouped in wings
 * (integration/service, third-party, background, observation, control); each domain of a wing counts alone
 * (integration/base/accounts), and the files at integration/'s root (the composition root) are `integration`.
 */
function unitOf (root: string, file: string): string {
  const parts = relative(root, file).replace(/\.ts$/, '').split('/')
  if (parts.length === 1) return parts[0]!
  if (parts[0] !== 'integration') return parts[0]!
  if (parts.length === 2) return 'integration'
  const domain = `integration/${parts[1]}/${parts[2]}`
  if (parts.length > 4 && SPLIT_DOMAINS.has(`${parts[1]}/${parts[2]}`)) return `${domain}/${parts[3]}`
  return parts.length > 3 ? domain : `integration/${parts[1]}`
}

export function layerOf (unit: string): number {
  const wing = /^integration\/[^/]+/.exec(unit)?.[0]
  const i = LAYERS.findIndex((l) => l.includes(unit) || (wing !== undefined && wing !== unit && l.includes(`${wing}/*`)))
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
export function importGraph (root: string): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>()
  for (const file of sources(root)) {
    const from = unitOf(root, file)
    const edges = graph.get(from) ?? new Map<string, string>()
    graph.set(from, edges)
    for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const spec = m[1] ?? m[2] ?? m[3]!
      const target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'))
      const to = unitOf(root, target)
      if (to !== from && !edges.has(to)) edges.set(to, `${relative(root, file)} → ${spec}`)
    }
  }
  return graph
}

/** The groups of units that import each other in a circle: strongly connected components of more than one unit. */
export function circles (graph: Map<string, Map<string, string>>): string[][] {
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

/** Every import that runs up the layers, as "from → to (file → specifier)". */
export function upwardImports (graph: Map<string, Map<string, string>>): string[] {
  const upward: string[] = []
  for (const [from, edges] of graph) {
    for (const [to, example] of edges) if (layerOf(to) > layerOf(from)) upward.push(`${from} → ${to} (${example})`)
  }
  return upward
}
