import { tally, type Verdict } from '../verdict.js'

/** The verdicts as JUnit XML, what CI systems show as tests: a check is a test case, n/a is skipped. */

/** Whether XML 1.0 can carry the code point at all (control characters other than tab and newlines it cannot). */
const carried = (c: number): boolean => c === 0x09 || c === 0x0a || c === 0x0d || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || c >= 0x10000

const xml = (s: string): string => Array.from(s, (ch) => carried(ch.codePointAt(0)!) ? ch : '\uFFFD').join('')
  .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function body (v: Verdict): string {
  const e = v.evidence
  const lines = [`rule: ${v.rule}`]
  if (e !== undefined) {
    lines.push(`expected: ${e.expected}`, `got: ${e.got}`)
    if ((e.requests ?? []).length > 0) lines.push('the backend\'s requests to unimock:', ...e.requests!.map((r) => `  ${r}`))
    if ((e.answers ?? []).length > 0) lines.push('the backend\'s answers:', ...e.answers!.map((a) => `  ${a}`))
  }
  return xml(lines.join('\n'))
}

export function junitReport (verdicts: readonly Verdict[], ms: number): string {
  const t = tally(verdicts)
  const cases = verdicts.map((v) => {
    const open = `    <testcase classname="conform.${xml(v.id.split('.')[0]!)}" name="${xml(v.id)}" time="0">`
    if (v.outcome === 'pass') return `${open}<system-out>${xml(v.detail)}</system-out></testcase>`
    if (v.outcome === 'n/a') return `${open}<skipped message="${xml(v.detail)}"/></testcase>`
    return `${open}\n      <failure message="${xml(v.detail)}" type="conformance">${body(v)}</failure>\n    </testcase>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="unimock conform" tests="${verdicts.length}" failures="${t.fail}" skipped="${t.na}" time="${(ms / 1000).toFixed(3)}">`,
    `  <testsuite name="unimock conform" tests="${verdicts.length}" failures="${t.fail}" errors="0" skipped="${t.na}" time="${(ms / 1000).toFixed(3)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    ''
  ].join('\n')
}
