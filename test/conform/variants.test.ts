import { readFileSync } from 'node:fs'
import t from 'tap'
import { CHECKS, conform, type ConformResult } from '../../src/conform/conform.js'
import { referenceOptions } from './helpers.js'

/**
 * Proof the kit can fail: the reference integrator with one rule broken on purpose (REFERENCE_BROKEN, the
 * table of docs/conformance.md) must fail exactly the matching check, every other check passing or not
 * applicable. A check no variant fails would be a check that cannot fail. Two kit runs at a time.
 */

// The reference's own list of its variants (plain JavaScript: imported by URL, untyped).
const { VARIANTS } = await import(new URL('../../examples/reference-integrator/broken.js', import.meta.url).href) as { VARIANTS: Record<string, string> }
const docs = readFileSync(new URL('../../docs/conformance.md', import.meta.url), 'utf8')
const table = [...docs.matchAll(/^\| `([a-z]+\.[a-z-]+)` \| [^|]+ \| `([a-z0-9-]+)` \|$/gm)].map((m) => ({ check: m[1]!, variant: m[2]! }))

t.test('the table of docs/conformance.md: every check of the kit once, every variant of the reference once', async (t) => {
  t.same(table.map((r) => r.check).sort(), CHECKS.map((c) => c.id).sort(), 'the checks')
  t.same(table.map((r) => r.variant).sort(), Object.keys(VARIANTS).sort(), 'the variants')
})

t.test('each broken variant fails exactly its check', async (t) => {
  const results = new Map<string, ConformResult>()
  const queue = [...table]
  const worker = async (): Promise<void> => {
    for (let row = queue.shift(); row !== undefined; row = queue.shift()) {
      results.set(row.variant, await conform(await referenceOptions(row.variant)))
    }
  }
  await Promise.all([worker(), worker()])
  for (const { check, variant } of table) {
    const result = results.get(variant)!
    const failed = result.verdicts.filter((v) => v.outcome === 'fail')
    t.same(failed.map((v) => v.id), [check], `REFERENCE_BROKEN=${variant} fails ${check} alone`, {
      failures: failed.map((v) => `${v.id}: ${v.detail} | ${v.evidence?.got ?? ''}`), error: result.error
    })
    t.equal(result.status, 1, `${variant}: exit status 1`)
    t.equal(result.verdicts.length, CHECKS.length, `${variant}: a verdict for every check`)
  }
})
