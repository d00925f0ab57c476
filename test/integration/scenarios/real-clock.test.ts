import t from 'tap'
import { setTimeout as wait } from 'node:timers/promises'
import { buildApp } from '../../../src/app.js'
import { Client } from '../helpers.js'

/**
 * On the real clock a run plays as time passes, compressed by --time-scale: the run answers 202 at once and
 * ends by itself. This is the one scenario test that has to let wall time pass (a few hundred ms).
 */

const story = {
  name: 'live-relink',
  description: 'relink-needed.yaml in minutes rather than hours',
  accounts: [{ ref: 'initech', category: 'hris' }],
  steps: [
    { at: '0s', link: { account: 'initech' } },
    { at: '4m', relink_needed: { account: 'initech' } },
    { at: '4m', request: { account: 'initech', path: '/api/hris/v1/employees' }, expect: [{ last_response: { status: 401 } }] },
    { at: '8m', relink: { account: 'initech' }, expect: [{ account: { account: 'initech', status: 'COMPLETE' } }] }
  ]
}

// 600x: 8 simulated minutes in 0.8 s. Far higher scales make a step's own wall time count: a link flow of
// ~50 ms is 30 simulated minutes at 36,000x, long enough to expire the link token it just created.
t.test('--time-scale plays a scenario live: 8 simulated minutes in under a second', async (t) => {
  const app = buildApp({ clock: 'real', timeScale: 600, logLevel: 'silent' })
  t.teardown(() => app.close())
  await app.ready()
  const control = new Client(app, 'live')
  const res = await control.post('/_unimock/scenarios/run', { scenario: story })
  t.equal(res.statusCode, 202, 'answered before the run is over')
  const started = res.json()
  t.equal(started.state, 'running', 'the run is still playing')
  let run = started
  for (let i = 0; i < 400 && run.state === 'running'; i++) {
    await wait(25)
    run = (await control.get(`/_unimock/scenarios/${started.id as string}`)).json()
  }
  t.equal(run.state, 'passed', run.state === 'passed' ? 'the run ended by itself and passed' : JSON.stringify(run.steps))
  const ran = (run.steps as Array<{ due_at: string, ran_at: string }>).map((s) => Date.parse(s.ran_at) - Date.parse(s.due_at))
  t.ok(ran.every((late) => late >= 0), 'no step ran before it was due (in simulated time)')
})
