import t from 'tap'
import { makeApp } from '../../helpers/app.js'
import { Client } from '../helpers.js'

/** An invalid scenario is refused before anything runs, in one line naming the file, the step and the field. */

const base = `name: broken
description: a scenario with one mistake
accounts:
  - ref: acme
    category: hris
steps:
  - at: 0s
    link: { account: acme }
`

const cases: Array<[string, string, RegExp]> = [
  ['an unknown field in a step', base + '  - at: 1h\n    pauze: { account: acme }\n', /^demo\.yaml: step 2 \(at 1h\): pauze: is not a known field here\.$/],
  ['a bad enum value', base + '  - at: 1h\n    next_sync: { account: acme, result: OK }\n', /^demo\.yaml: step 2 \(at 1h\): next_sync\.result: "OK" is not one of DONE, PARTIALLY_SYNCED, FAILED, PAUSED\.$/],
  ['a service fault status the service never answers', base + '  - at: 1h\n    service_fault: { kind: status, status: 418 }\n', /^demo\.yaml: step 2 \(at 1h\): service_fault\.status: 418 is not one of 401, 403, 404, 429, 500, 502, 503\.$/],
  ['an undeclared account', base + '  - at: 1h\n    pause: { account: acme2 }\n', /^demo\.yaml: step 2 \(at 1h\): pause\.account: no account "acme2" under accounts \(declared: acme\)\.$/],
  ['a bad duration', base + '  - at: 2 hours\n    pause: { account: acme }\n', /^demo\.yaml: step 2: at: "2 hours" is not a duration such as 500ms/],
  ['steps out of order', base + '  - at: 2h\n    pause: { account: acme }\n  - at: 1h\n    resume: { account: acme }\n', /^demo\.yaml: step 3 \(at 1h\): at: steps must be in time order; step 2 is at 2h\.$/],
  ['two actions in one step', base + '  - at: 1h\n    pause: { account: acme }\n    resume: { account: acme }\n', /^demo\.yaml: step 2 \(at 1h\): one action per step; found pause and resume\.$/],
  ['a model of another category', base + '  - at: 1h\n    sync_now: { account: acme, model: ats.Candidate }\n', /^demo\.yaml: step 2 \(at 1h\): sync_now\.model: "ats\.Candidate" is not a model of hris/],
  ['a missing field', base.replace('description: a scenario with one mistake\n', ''), /^demo\.yaml: description: is required\.$/],
  ['a wrong type in an account', base.replace('category: hris', 'category: payroll'), /^demo\.yaml: accounts\[0\]: category: "payroll" is not one of hris, ats/],
  ['a response check without a request', base + '  - at: 1h\n    expect:\n      - last_response: { status: 200 }\n', /^demo\.yaml: step 2 \(at 1h\): expect\[0\]: last_response checks the answers of this step's request/],
  ['YAML that does not parse', 'name: [unclosed\n', /^demo\.yaml: line \d+: not valid YAML or JSON/]
]

t.test('each mistake is named by file, step and field', async (t) => {
  const { app } = await makeApp(t)
  const control = new Client(app, 'k')
  for (const [what, text, message] of cases) {
    const res = await control.post('/_unimock/scenarios/check', { text, source: 'demo.yaml' })
    t.equal(res.statusCode, 400, `${what}: 400`)
    t.match(res.json().detail, message, `${what}: ${String(res.json().detail)}`)
  }
  const ok = await control.post('/_unimock/scenarios/check', { text: base, source: 'demo.yaml' })
  t.same(ok.json(), { ok: true, name: 'broken', steps: 1, duration_ms: 0 }, 'the valid base passes')
})

t.test('an invalid scenario runs nothing; sources and runs are checked', async (t) => {
  const { app } = await makeApp(t)
  const control = new Client(app, 'k')
  const bad = await control.post('/_unimock/scenarios/run', { text: base + '  - at: 1h\n    pause: { account: nobody }\n' })
  t.equal(bad.statusCode, 400)
  t.same((await control.get('/_unimock/linked-accounts')).json().results, [], 'step 1 (a link) did not run')
  t.equal((await control.post('/_unimock/scenarios/run', {})).statusCode, 400, 'no source')
  t.equal((await control.post('/_unimock/scenarios/run', { file: 'happy-path', text: base })).statusCode, 400, 'two sources')
  const missing = await control.post('/_unimock/scenarios/run', { file: 'no-such-story' })
  t.equal(missing.statusCode, 404)
  t.match(missing.json().detail, /happy-path\.yaml/, 'the 404 lists the available files')
  t.equal((await control.post('/_unimock/scenarios/run', { file: '../package.json' })).statusCode, 404, 'never a path outside the folder')
  t.equal((await control.get('/_unimock/scenarios/nope')).statusCode, 404)
  const seeded = await control.post('/_unimock/scenarios/run', { text: base.replace('accounts:', 'settings: { seed: 99 }\naccounts:') })
  t.equal(seeded.statusCode, 409, 'a start-time setting the server does not run with')
  t.match(seeded.json().detail, /--seed 99/)
  const list = (await control.get('/_unimock/scenarios')).json()
  t.equal(list.files.length, 8, 'the ready-made files are listed')
  t.ok(list.files.every((f: { error: string | null }) => f.error === null), 'and every one of them is valid')
  t.equal((await new Client(app, undefined).get('/_unimock/scenarios')).statusCode, 401, 'the API key is required')
})

t.test('a run is per API key; without driving, steps wait for the clock', async (t) => {
  const { app, clock } = await makeApp(t)
  const control = new Client(app, 'k')
  const res = await control.post('/_unimock/scenarios/run', { file: 'relink-needed', drive: false })
  t.equal(res.statusCode, 202)
  t.equal(res.json().state, 'running')
  t.equal((await new Client(app, 'other').get(`/_unimock/scenarios/${res.json().id as string}`)).statusCode, 404, 'another tenant cannot see it')
  await clock.advanceBy(3_600_000)
  const half = (await control.get(`/_unimock/scenarios/${res.json().id as string}`)).json()
  t.same(half.progress, { steps: 5, ran: 3, failed: 0 }, 'an hour in, three steps have run')
  await clock.advanceBy(3_600_000)
  t.equal((await control.get(`/_unimock/scenarios/${res.json().id as string}`)).json().state, 'passed')
})
