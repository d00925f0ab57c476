import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import t, { type Test } from 'tap'
import { parseDuration } from '../../src/core/durations.js'
import { CHECKS, conform, type ConformOptions, type ConformResult } from '../../src/conform/conform.js'
import { nodeOptions, PYTHON_REFERENCE, pythonOptions } from './helpers.js'

/**
 * Proof the kit can fail, on two subjects of different designs: the Node reference integrator and the Python
 * one (written from the spec and docs/conformance.md alone), each with one rule broken on purpose
 * (REFERENCE_BROKEN, BROKEN: the table of docs/conformance.md), must fail exactly the matching check, every
 * other check passing or not applicable. Every check has a variant in both: a check only one subject can fail
 * would be proven on one design. Two kit runs at a time.
 */

// The references' own lists of their variants (the Node one imported by URL, untyped; the Python one asked).
const node = await import(new URL('../../examples/reference-integrator/broken.js', import.meta.url).href) as {
  VARIANTS: Record<string, string>
  KIT_OPTIONS: Record<string, { env?: Record<string, string>, pollInterval?: string }>
}
const python = JSON.parse(execFileSync('python3', [PYTHON_REFERENCE, '--variants'], { encoding: 'utf8' })) as Record<string, string>
const docs = readFileSync(new URL('../../docs/conformance.md', import.meta.url), 'utf8')
const table = [...docs.matchAll(/^\| `([a-z]+\.[a-z-]+)` \| [^|]+ \| [^|]+ \| ((?:`[a-z0-9-]+`(?:, )?)+) \|$/gm)]
  .map((m) => ({ check: m[1]!, variants: [...m[2]!.matchAll(/`([a-z0-9-]+)`/g)].map((v) => v[1]!) }))
const rows = table.flatMap((r) => r.variants.map((variant) => ({ check: r.check, variant })))

t.test('the table of docs/conformance.md: every check once, every variant of both references, each check broken in both', async (t) => {
  // The page checks (--app-page) have a table of their own, with their variants (test/conform/page/reference.test.ts).
  t.same(table.map((r) => r.check).sort(), CHECKS.map((c) => c.id).filter((id) => !id.startsWith('page.')).sort(), 'the checks')
  t.same(rows.map((r) => r.variant).sort(), [...new Set([...Object.keys(node.VARIANTS), ...Object.keys(python)])].sort(), 'the variants')
  for (const r of table) {
    t.ok(r.variants.some((v) => Object.hasOwn(node.VARIANTS, v)), `${r.check}: a variant of the Node reference`)
    t.ok(r.variants.some((v) => Object.hasOwn(python, v)), `${r.check}: a variant of the Python reference`)
  }
})

async function runAll (jobs: ReadonlyArray<{ name: string, options: () => Promise<ConformOptions> }>): Promise<Map<string, ConformResult>> {
  const results = new Map<string, ConformResult>()
  const queue = [...jobs]
  const worker = async (): Promise<void> => {
    for (let job = queue.shift(); job !== undefined; job = queue.shift()) results.set(job.name, await conform(await job.options()))
  }
  await Promise.all([worker(), worker()])
  return results
}

function judge (t: Test, subject: string, check: string, variant: string, result: ConformResult): void {
  const failed = result.verdicts.filter((v) => v.outcome === 'fail')
  t.same(failed.map((v) => v.id), [check], `${subject} ${variant} fails ${check} alone`, {
    failures: failed.map((v) => `${v.id}: ${v.detail} | ${v.evidence?.got ?? ''}`), error: result.error
  })
  t.equal(result.status, 1, `${subject} ${variant}: exit status 1`)
  t.equal(result.verdicts.length, CHECKS.length, `${subject} ${variant}: a verdict for every check`)
}

t.test('each broken variant of the Node reference fails exactly its check', async (t) => {
  const mine = rows.filter((r) => Object.hasOwn(node.VARIANTS, r.variant))
  const results = await runAll(mine.map((r) => ({
    name: r.variant,
    options: async () => {
      const extra = node.KIT_OPTIONS[r.variant]
      return await nodeOptions(r.variant, { env: extra?.env, pollIntervalMs: extra?.pollInterval === undefined ? undefined : parseDuration(extra.pollInterval) })
    }
  })))
  for (const r of mine) judge(t, 'REFERENCE_BROKEN=', r.check, r.variant, results.get(r.variant)!)
})

t.test('each broken variant of the Python reference fails exactly its check', async (t) => {
  const mine = rows.filter((r) => Object.hasOwn(python, r.variant))
  const results = await runAll(mine.map((r) => ({ name: r.variant, options: async () => await pythonOptions(r.variant, { pollIntervalMs: 1000 }) })))
  for (const r of mine) judge(t, 'BROKEN=', r.check, r.variant, results.get(r.variant)!)
})
