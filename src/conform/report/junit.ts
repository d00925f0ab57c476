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
    if (e.screenshot !== undefined) lines.push(`screenshot: ${e.screenshot}`)
    if ((e.requests ?? []).length > 0) lines.push('the backend\'s requests to unimock:', ...e.requests!.map((r) => `  ${r}`))
    if ((e.answers ?? []).length > 0) lines.push('the backend\'s answers:', ...e.answers!.map((a) => `  ${a}`))
    if ((e.log ?? []).length > 0) lines.push('the backend\'s last lines of output:', ...e.log!.map((l) => `  ${l}`))
  }
  return xml(lines.join('\n'))
}

/** What names the suite: unimock conform's by default; `unimock check` names its own, with its run's id. */
export interface JunitSuite {
  readonly name: string
  /** A test case's class name; by default `conform.` and the check's family. */
  readonly classname?: (v: Verdict) => string
  /** Written as the suite's properties (a run's id). */
  readonly properties?: Readonly<Record<string, string>>
  /** The type of a failure; `conformance` by default. */
  readonly failureType?: string
}

const CONFORM: JunitSuite = { name: 'unimock conform', classname: (v) => `conform.${v.id.split('.')[0]!}` }

export function junitReport (verdicts: readonly Verdict[], ms: number, suite: JunitSuite = CONFORM): string {
  const t = tally(verdicts)
  const classname = suite.classname ?? CONFORM.classname!
  const properties = Object.entries(suite.properties ?? {})
  const cases = verdicts.map((v) => {
    const open = `    <testcase classname="${xml(classname(v))}" name="${xml(v.id)}" time="0">`
    if (v.outcome === 'pass') return `${open}<system-out>${xml(v.detail)}</system-out></testcase>`
    if (v.outcome === 'n/a') return `${open}<skipped message="${xml(v.detail)}"/></testcase>`
    // Jenkins' JUnit attachments plugin and GitLab read a file named so in system-out as the case's attachment.
    const attachment = v.evidence?.screenshot === undefined ? '' : `\n      <system-out>${xml(`[[ATTACHMENT|${v.evidence.screenshot}]]`)}</system-out>`
    return `${open}\n      <failure message="${xml(v.detail)}" type="${xml(suite.failureType ?? 'conformance')}">${body(v)}</failure>${attachment}\n    </testcase>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(suite.name)}" tests="${verdicts.length}" failures="${t.fail}" skipped="${t.na}" time="${(ms / 1000).toFixed(3)}">`,
    `  <testsuite name="${xml(suite.name)}" tests="${verdicts.length}" failures="${t.fail}" errors="0" skipped="${t.na}" time="${(ms / 1000).toFixed(3)}">`,
    ...(properties.length === 0 ? [] : ['    <properties>', ...properties.map(([k, v]) => `      <property name="${xml(k)}" value="${xml(v)}"/>`), '    </properties>']),
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    ''
  ].join('\n')
}
