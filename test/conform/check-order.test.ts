import { readFileSync } from 'node:fs'
import t from 'tap'
import { CHECKS, FAMILIES, ORDER } from '../../src/conform/check-table.js'

/**
 * ORDER (src/conform/check-table.ts) is kept by hand, and a check it does not name sorts first without a word:
 * these fail by the check's id, and hold the report to docs/conformance.md's order.
 */

const ids = FAMILIES.flatMap((f) => f.checks.map((c) => c.id))
const twice = (list: readonly string[]): string[] => list.filter((id, i) => list.indexOf(id) !== i)

t.test('every check of a family has its place in ORDER, and ORDER names only checks', async (t) => {
  t.same(ids.filter((id) => !ORDER.includes(id)), [], 'checks missing from ORDER')
  t.same(ORDER.filter((id) => !ids.includes(id)), [], 'ids in ORDER that no family has')
  t.same(twice(ORDER), [], 'ids named twice in ORDER')
  t.same(twice(ids), [], 'ids two checks share')
})

t.test('checks are reported in the order of docs/conformance.md\'s tables', async (t) => {
  const docs = readFileSync(new URL('../../docs/conformance.md', import.meta.url), 'utf8')
  const documented = [...docs.matchAll(/^\| `([a-z]+\.[a-z-]+)` \|/gm)].map((m) => m[1]!)
  t.same(CHECKS.map((c) => c.id), documented)
})
