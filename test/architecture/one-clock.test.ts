import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'

/**
 * One clock (docs/ARCHITECTURE.md): time and timers come from core/clock.ts and randomness from the seeded
 * stream, so a virtual clock and a seed reproduce a run. Nothing else in src/ reads the wall clock, sets a
 * timer or draws from Math.random.
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src')

/** The owners: the clock, and the random module (which draws only from its seed). */
const OWNERS = ['core/clock.ts', 'core/random.ts']

/**
 * Calls of the wall clock, of the timers and of unseeded randomness, and imports of node:timers. A call has no
 * space before its parenthesis in this code's style, while a method's definition does (a sync service's
 * `setInterval (tenantId, ms)`), and a method called on an object is no global (`sync.setInterval(`).
 */
const FORBIDDEN = /\bDate\.now\(|\bnew Date\(\)|(?<![.\w])(setTimeout|setInterval|setImmediate)\(|\bMath\.random\(|['"](node:)?timers(\/promises)?['"]/

function files (dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [])
}

/** The code of a file, without its comments (which may name what they avoid). */
const code = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')

t.test('only core/clock.ts reads wall time or sets timers, and nothing calls Math.random', async (t) => {
  const calling = files(SRC).filter((f) => FORBIDDEN.test(code(readFileSync(f, 'utf8')))).map((f) => relative(SRC, f))
  t.same(calling.filter((f) => !OWNERS.includes(f)), [], 'no other file of src/ calls them')
  t.ok(calling.includes('core/clock.ts'), 'the clock does (the check sees the calls it looks for)')
})
