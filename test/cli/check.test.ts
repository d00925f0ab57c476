import t from 'tap'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { entry, run, start } from './helpers.js'

/** unimock check: scenarios played on the virtual clock, an exit status a CI job can gate on. */

t.before(() => {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build (npm test does it)`)
})

const RUN = '[0-9a-f-]{36}'

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
  writeFileSync(wrong, 'name: wrong\ndescription: expects DONE too early\naccounts:\n  - { ref: acme, category: hris }\nsteps:\n  - at: 0s\n    link: { account: acme }\n    expect:\n      - sync: { account: acme, status: DONE }\n')
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
