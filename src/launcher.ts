#!/usr/bin/env node
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The `unimock` bin (and `npm start`, and the Docker image): runs the CLI bundle through V8's code cache.
 * The build writes the cache (scripts/warm-code-cache.mjs); a start that finds none, or one for another
 * build or Node version, writes a fresh one as it exits, where the directory is writable.
 */

/**
 * On a Node that package.json's engines does not name, the one line that says so, else null (#48): the
 * bundle's better-sqlite3 crashes on Node 20 without a word. The clone's scripts/node-line.cjs says the same
 * before its build and start; this copy is for the package, which ships no scripts/ (the fix it names then is
 * the user's own Node manager). Plain code and only node:fs and node:url imported statically: the module must
 * load on the Node it refuses (code-cache.js imports what Node 18 lacks, so it is imported after the check).
 */
function refusal (version: string, engines: string, fix: (line: string) => string): string | null {
  const ranges = engines.split('||').map((part) => /^\s*\^(\d+)\.(\d+)\.(\d+)\s*$/.exec(part))
  if (ranges.length === 0 || ranges.some((m) => m === null)) return null
  const v = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version)
  if (v === null) return null
  const found = [Number(v[1]), Number(v[2]), Number(v[3])] as const
  const allowed = ranges.some((m) => {
    const low = [Number(m![1]), Number(m![2]), Number(m![3])] as const
    return found[0] === low[0] && (found[1] > low[1] || (found[1] === low[1] && found[2] >= low[2]))
  })
  if (allowed) return null
  const lines = ranges.map((m) => m![2] === '0' && m![3] === '0' ? m![1]! : `${m![1]!} (${m![1]!}.${m![2]!}.${m![3]!} or later)`)
  const named = lines.length === 1 ? lines[0]! : `${lines.slice(0, -1).join(', ')} or ${lines[lines.length - 1]!}`
  return `unimock: Node ${version.replace(/^v/, '')} is not supported: unimock runs on Node ${named}. Fix: ${fix(ranges[ranges.length - 1]![1]!)}`
}

function refuseUnsupportedNode (): void {
  const root = new URL('../../', import.meta.url)
  let engines: unknown
  try {
    engines = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines?: { node?: unknown } }).engines?.node
  } catch {
    return // no package.json beside the build: nothing to judge by, and never refuse on a doubt
  }
  if (typeof engines !== 'string') return
  const clone = existsSync(fileURLToPath(new URL('scripts/use-node.sh', root)))
  const line = refusal(process.versions.node, engines, (newest) => clone
    ? `source scripts/use-node.sh ${newest}`
    : `nvm install ${newest} (or install Node ${newest} from https://nodejs.org)`)
  if (line === null) return
  process.stderr.write(`${line}\n`)
  process.exit(1)
}

refuseUnsupportedNode()
const { loadBundle } = await import('./code-cache.js')
const bundle = loadBundle(fileURLToPath(new URL('./server.bundle.cjs', import.meta.url)))
const runCli = bundle.exports.runCli as () => Promise<boolean>
const serving = await runCli()
if (serving && !bundle.cacheAccepted) process.on('exit', () => { bundle.saveCodeCache() })
