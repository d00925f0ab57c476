import t from 'tap'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { entry, run, start } from './helpers.js'

/** unimock check: scenarios played on the virtual clock, an exit status a CI job can gate on. */

t.before(() => {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build (npm test does it)`)
})

const RUN = '[0-9a-f-]{36}'

/** A scenario whose one expectation cannot hold: the initial sync is still under way at 0s. */
const WRONG = 'name: wrong\ndescription: expects DONE too early\naccounts:\n  - { ref: acme, category: hris }\nsteps:\n  - at: 0s\n    link: { account: acme }\n    expect:\n      - sync: { account: acme, status: DONE }\n'

t.test('every scenario passes: one line each, a total, exit 0; shipped scenarios by name', async (t) => {
  const r = await run(['check', 'happy-path', 'scenarios/relink-needed.yaml'])
  t.equal(r.code, 0, r.stderr)
  const lines = r.stdout.trim().split('\n')
  t.match(lines[0], new RegExp(`^scenario happy-path \\(happy-path\\): passed, run ${RUN}, API key unimock-scenario$`))
  t.match(lines[1], /^scenario relink-needed \(scenarios\/relink-needed\.yaml\): passed, run /)
  t.equal(lines[2], '2 scenarios: 2 passed, 0 failed')
})

t.test('a failing check: its step and why, exit 1', async (t) => {
  const dir = t.testdir()
  const wrong = join(dir, 'wrong.yaml')
  writeFileSync(wrong, WRONG)
  const r = await run(['check', wrong, 'happy-path'])
  t.equal(r.code, 1)
  t.same(r.stdout.trim().split('\n').map((l) => l.replace(new RegExp(RUN), 'RUN')), [
    `scenario wrong (${wrong}): failed, run RUN, API key unimock-scenario`,
    '  step 1 (at 0s): failed: sync acme: expected DONE, got 16 SYNCING',
    'scenario happy-path (happy-path): passed, run RUN, API key unimock-scenario',
    '2 scenarios: 1 passed, 1 failed'
  ])
})

t.test('an invalid or missing file: its one-line message, exit 2, nothing runs', async (t) => {
  const dir = t.testdir()
  const bad = join(dir, 'bad.yaml')
  writeFileSync(bad, 'name: bad\ndescription: x\naccounts: []\nsteps:\n  - at: soon\n')
  const r = await run(['check', 'happy-path', bad])
  t.equal(r.code, 2)
  t.equal(r.stdout, '', 'happy-path did not run either')
  t.equal(r.stderr.trim(), `unimock: check ${bad}: step 1: at: "soon" is not a duration such as 500ms, 90s, 15m, 2h, 7d, 1h30m or PT2H.`)
  const missing = await run(['check', 'no-such-scenario'])
  t.equal(missing.code, 2)
  t.match(missing.stderr, /check no-such-scenario: cannot read it \(ENOENT\): no such file, and no shipped scenario of that name \(failed-sync-recovery, happy-path, /)
})

t.test('a misspelt UNIMOCK_ variable is reported on stderr, and the run goes on', async (t) => {
  const r = await run(['check', 'happy-path'], { UNIMOCK_SEEED: '2' })
  t.equal(r.code, 0)
  t.equal(r.stderr, 'unimock: UNIMOCK_SEEED is not a setting and is ignored (did you mean UNIMOCK_SEED?)\n')
})

t.test('--scenario takes a shipped scenario by name too', async (t) => {
  const s = await start(['--port', '0', '--clock', 'virtual', '--scenario', 'happy-path'])
  t.match(s.stdout(), /^scenario happy-path \(happy-path\): passed, run /)
  t.equal(await s.stop('SIGTERM'), 0)
})

t.test('--tap prints the runs as TAP, with the check\'s own run id, which differs per invocation', async (t) => {
  const dir = t.testdir()
  const wrong = join(dir, 'wrong.yaml')
  writeFileSync(wrong, WRONG)
  const r = await run(['check', '--tap', 'happy-path', wrong])
  t.equal(r.code, 1, r.stderr)
  const lines = r.stdout.trimEnd().split('\n')
  t.same(lines.slice(0, 2), ['TAP version 14', '1..2'])
  t.match(lines[2], new RegExp(`^# unimock check run ${RUN}$`))
  t.match(lines[3], new RegExp(`^ok 1 - happy-path: passed, run ${RUN}, API key unimock-scenario$`))
  t.equal(lines[4], `not ok 2 - wrong (${wrong}): failed, run ${lines[3]!.match(new RegExp(RUN))![0]}, API key unimock-scenario`)
  t.match(r.stdout, /got: "step 1 \(at 0s\): failed: sync acme: expected DONE, got 16 SYNCING"/)
  t.notMatch(r.stdout, /scenarios?: \d+ passed/, 'no summary lines mixed into the TAP')
  const again = await run(['check', '--tap', 'happy-path'])
  t.equal(again.code, 0)
  t.not(again.stdout.split('\n')[2], lines[2], 'another invocation, another check run id')
})

t.test('--junit FILE writes the runs as JUnit XML beside the usual lines', async (t) => {
  const dir = t.testdir()
  const wrong = join(dir, 'wrong.yaml')
  writeFileSync(wrong, WRONG)
  const report = join(dir, 'check.xml')
  const r = await run(['check', '--junit', report, 'happy-path', wrong])
  t.equal(r.code, 1, r.stderr)
  t.match(r.stdout, /^scenario happy-path \(happy-path\): passed, run /, 'the lines as without --junit')
  t.match(r.stdout, /2 scenarios: 1 passed, 1 failed\n$/)
  const xml = readFileSync(report, 'utf8')
  t.match(xml, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="unimock check" tests="2" failures="1" skipped="0" time="[\d.]+">/)
  t.match(xml, new RegExp(`<property name="run_id" value="${RUN}"/>`))
  t.match(xml, '<testcase classname="check" name="happy-path" time="0"><system-out>passed, run ')
  t.match(xml, `<testcase classname="check" name="wrong (${wrong})" time="0">`)
  t.match(xml, /<failure message="failed, run [^"]+" type="scenario">rule: the steps and expectations of scenario .*\nexpected: every step done and every expectation met\ngot: step 1 \(at 0s\): failed: sync acme: expected DONE, got 16 SYNCING<\/failure>/)
})
