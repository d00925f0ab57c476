import t from 'tap'
import { Parser } from 'tap-parser'
import { junitReport } from '../../src/conform/report/junit.js'
import { summaryLine, verdictLines } from '../../src/conform/report/lines.js'
import { tapReport } from '../../src/conform/report/tap.js'
import { exitStatus, type Verdict } from '../../src/conform/verdict.js'

const verdicts: Verdict[] = [
  { id: 'link.fresh-token', rule: 'Tokens: fresh', outcome: 'pass', detail: 'two tokens' },
  {
    id: 'webhook.signature', rule: 'Authentication 4 <signed> & "verified"', outcome: 'fail', detail: 'a forged delivery # made it fetch',
    evidence: { expected: 'no fetch', got: '1 list request', requests: ['#12 10:00:00.000 GET /api/ats/v1/candidates → 200 (3 ms)'], answers: ['POST /webhook/ats → 200 {"status":"processed"}\u0001'] }
  },
  { id: 'relink.marks-error', rule: 'Errors', outcome: 'n/a', detail: 'no GET {prefix}/integrations' }
]

t.test('lines: one per check, the evidence under a failure', async (t) => {
  const lines = verdicts.flatMap(verdictLines)
  t.match(lines[0], /^pass {2}link\.fresh-token +two tokens$/)
  t.match(lines[1], /^FAIL {2}webhook\.signature +a forged delivery/)
  t.ok(lines.some((l) => l.includes('expected: no fetch')) && lines.some((l) => l.includes('got: 1 list request')))
  t.ok(lines.some((l) => l.includes('GET /api/ats/v1/candidates')), 'the backend\'s requests')
  t.match(lines.at(-1), /^n\/a {3}relink\.marks-error/)
  t.equal(summaryLine(verdicts, 12_345), '3 checks: 1 passed, 1 failed, 1 not applicable (12.3 s)')
  t.equal(exitStatus(verdicts), 1)
  t.equal(exitStatus([verdicts[0]!, verdicts[2]!]), 0, 'not applicable is no failure')
})

t.test('TAP: parses, a failure not ok with its diagnostic, n/a a skip', async (t) => {
  const text = tapReport(verdicts)
  const results: Array<{ ok: boolean, name: string, skip: unknown, diag: Record<string, unknown> | null }> = []
  const parser = new Parser()
  parser.on('assert', (r: { ok: boolean, name: string, skip: unknown, diag: Record<string, unknown> | null }) => { results.push(r) })
  const done = new Promise<{ ok: boolean, count: number }>((resolve) => { parser.on('complete', resolve) })
  parser.end(text)
  const final = await done
  t.equal(final.count, 3)
  t.equal(final.ok, false)
  t.same(results.map((r) => r.ok), [true, false, true])
  t.ok(results[2]!.skip, 'n/a is a skip')
  t.equal(results[1]!.diag?.expected, 'no fetch')
  t.match(results[1]!.name, /webhook\.signature: a forged delivery \\?# made it fetch/)
})

t.test('JUnit: escaped, control characters replaced, a case per check', async (t) => {
  const xml = junitReport(verdicts, 2000)
  t.match(xml, /<testsuites name="unimock conform" tests="3" failures="1" skipped="1" time="2.000">/)
  t.match(xml, /<testcase classname="conform.webhook" name="webhook.signature" time="0">/)
  t.match(xml, /rule: Authentication 4 &lt;signed&gt; &amp; &quot;verified&quot;/)
  t.match(xml, /<skipped message="no GET \{prefix\}\/integrations"\/>/)
  t.notOk(xml.includes(String.fromCharCode(1)), 'no character XML cannot carry')
  t.equal((xml.match(/<testcase /g) ?? []).length, 3)
})

t.test('a failed page check names its screenshot\'s file in every report, never its bytes', async (t) => {
  const shot = Buffer.from('\x89PNG\r\n\x1a\nshot-bytes-here', 'latin1')
  const page: Verdict[] = [{
    id: 'page.business-wording', rule: 'Client-side 1', outcome: 'fail', detail: 'the page says Merge',
    evidence: { expected: 'no word of the service', got: '"Merge" in a button', screenshot: 'reports/page.business-wording.png' },
    shot
  }]
  const bytes = [shot.toString('base64'), 'shot-bytes-here', 'PNG']
  const lines = page.flatMap(verdictLines)
  t.ok(lines.includes('      screenshot: reports/page.business-wording.png'), 'the lines name the file')

  const results: Array<{ diag: Record<string, unknown> | null }> = []
  const parser = new Parser()
  parser.on('assert', (r: { diag: Record<string, unknown> | null }) => { results.push(r) })
  const done = new Promise((resolve) => { parser.on('complete', resolve) })
  const tap = tapReport(page)
  parser.end(tap)
  await done
  t.match(tap, /\n {2}screenshot: "reports\/page\.business-wording\.png"\n/)
  t.equal(results[0]!.diag?.screenshot, 'reports/page.business-wording.png', 'a YAML field of the diagnostic')

  const xml = junitReport(page, 10)
  t.match(xml, /<failure [^>]*>[^<]*\nscreenshot: reports\/page\.business-wording\.png[^<]*<\/failure>/, 'in the failure text')
  t.match(xml, /<\/failure>\n {6}<system-out>\[\[ATTACHMENT\|reports\/page\.business-wording\.png\]\]<\/system-out>\n {4}<\/testcase>/, 'the attachment convention Jenkins and GitLab read')
  for (const text of [lines.join('\n'), tap, xml]) t.notOk(bytes.some((b) => text.includes(b)), 'no PNG bytes')

  const without = junitReport([{ ...page[0]!, evidence: { expected: 'x', got: 'y' } }], 10)
  t.notOk(without.includes('ATTACHMENT'), 'no attachment without a file')
})
