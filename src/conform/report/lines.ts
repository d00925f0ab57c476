import { tally, type Verdict } from '../verdict.js'

/**
 * The verdicts for a terminal or a CI log: one line per check, and under a failure its rule, what was
 * expected, what came, the page's screenshot (a file), the requests and answers behind it, and the backend's
 * last lines of output.
 */

const LABEL = { pass: 'pass', fail: 'FAIL', 'n/a': 'n/a ' } as const

export function verdictLines (v: Verdict): string[] {
  const out = [`${LABEL[v.outcome]}  ${v.id.padEnd(28)} ${v.detail}`]
  const e = v.evidence
  if (v.outcome !== 'fail' || e === undefined) return out
  const indent = '      '
  out.push(`${indent}rule: ${v.rule}`, `${indent}expected: ${e.expected}`, `${indent}got: ${e.got}`)
  if (e.screenshot !== undefined) out.push(`${indent}screenshot: ${e.screenshot}`)
  if ((e.requests ?? []).length > 0) out.push(`${indent}the backend's requests to unimock:`, ...e.requests!.slice(0, 12).map((r) => `${indent}  ${r}`))
  if ((e.requests ?? []).length > 12) out.push(`${indent}  … ${e.requests!.length - 12} more`)
  if ((e.answers ?? []).length > 0) out.push(`${indent}the backend's answers:`, ...e.answers!.slice(0, 8).map((a) => `${indent}  ${a}`))
  if ((e.log ?? []).length > 0) out.push(`${indent}the backend's last lines of output:`, ...e.log!.map((l) => `${indent}  ${l}`))
  return out
}

export function summaryLine (verdicts: readonly Verdict[], ms: number): string {
  const t = tally(verdicts)
  return `${verdicts.length} checks: ${t.pass} passed, ${t.fail} failed, ${t.na} not applicable (${(ms / 1000).toFixed(1)} s)`
}
