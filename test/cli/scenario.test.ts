import t from 'tap'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { entry, run, start } from './helpers.js'

/** --scenario: files validated before anything runs, then played; on the virtual clock before the URL line. */

t.before(() => {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build (npm test does it)`)
})

t.test('--scenario plays the files to their end on the virtual clock, then listens', async (t) => {
  const s = await start(['--port', '0', '--clock', 'virtual', '--scenario', 'scenarios/relink-needed.yaml', '--scenario', 'scenarios/happy-path.yaml'])
  const lines = s.stdout().trim().split('\n')
  t.match(lines[0], /^scenario relink-needed \(scenarios\/relink-needed\.yaml\): passed, run [0-9a-f-]{36}, API key unimock-scenario$/)
  t.match(lines[1], /^scenario happy-path \(scenarios\/happy-path\.yaml\): passed, run /)
  t.match(lines[2], /^unimock listening on /)
  const id = /run ([0-9a-f-]{36})/.exec(lines[1]!)![1]!
  const res = await fetch(`${s.url}/_unimock/scenarios/${id}`, { headers: { authorization: 'Bearer unimock-scenario' } })
  t.equal((await res.json() as { state: string }).state, 'passed', 'the run is there for the API key it used')
  const clock = await (await fetch(`${s.url}/_unimock/clock`, { headers: { authorization: 'Bearer unimock-scenario' } })).json() as { now: string }
  t.equal(clock.now, '2026-01-01T04:30:00.000Z', 'the key\'s clock stands at the end of the runs (2h, then 2h30m more)')
  const server = await (await fetch(`${s.url}/_unimock/clock`)).json() as { now: string }
  t.equal(server.now, '2026-01-01T00:00:00.000Z', 'the runs moved their key\'s time only')
  t.equal(await s.stop('SIGTERM'), 0)
})

t.test('a bad scenario file stops the start with its one-line message, before anything runs', async (t) => {
  const dir = t.testdir()
  const bad = join(dir, 'bad.yaml')
  writeFileSync(bad, 'name: bad\ndescription: x\naccounts: []\nsteps:\n  - at: soon\n')
  const r = await run(['--port', '0', '--clock', 'virtual', '--scenario', 'scenarios/happy-path.yaml', '--scenario', bad])
  t.equal(r.code, 2)
  t.equal(r.stderr.trim(), `unimock: --scenario ${bad}: step 1: at: "soon" is not a duration such as 500ms, 90s, 15m, 2h, 7d, 1h30m or PT2H.`)
  t.notMatch(r.stdout, /scenario happy-path/, 'the valid file did not run either')
  const missing = await run(['--port', '0', '--scenario', join(dir, 'nope.yaml')])
  t.equal(missing.code, 2)
  t.match(missing.stderr, /--scenario .*nope\.yaml: cannot read it \(ENOENT\)/)
})
