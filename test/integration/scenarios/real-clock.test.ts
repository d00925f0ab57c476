import t from 'tap'
import { buildApp } from '../../../src/app.js'
import { SystemClock, type TimerCallback, type TimerHandle } from '../../../src/core/clock.js'
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

/**
 * The real clock, telling when the work of each of its timers is over. The scheduler runs every job due by
 * the instant its timer fires, follow-ups included, before the callback resolves: once a timer set for the
 * run's end (or later) has finished its work, the run's end has been played, whatever the machine's speed.
 */
class WatchedClock extends SystemClock {
  readonly #waiting: Array<{ at: number, resolve: () => void }> = []

  override at (at: number, fn: TimerCallback): TimerHandle {
    return super.at(at, async () => {
      try {
        await fn()
      } finally {
        for (const w of this.#waiting.filter((w) => w.at <= at)) {
          this.#waiting.splice(this.#waiting.indexOf(w), 1)
          w.resolve()
        }
      }
    })
  }

  /** Resolves once the work of a timer set for `at` or later is done. */
  played (at: number): Promise<void> {
    return new Promise((resolve) => { this.#waiting.push({ at, resolve }) })
  }
}

// 600x: 8 simulated minutes in 0.8 s. Far higher scales make a step's own wall time count: a link flow of
// ~50 ms is 30 simulated minutes at 36,000x, long enough to expire the link token it just created.
t.test('--time-scale plays a scenario live: 8 simulated minutes in under a second', async (t) => {
  // A run that never ends fails here rather than at the group's timeout.
  t.setTimeout(10_000)
  const clock = new WatchedClock(600)
  const app = buildApp({ clock: 'real', timeScale: 600, logLevel: 'silent' }, { clock })
  t.teardown(() => app.close())
  // Listening, as a real-clock server does: the clock's timers keep no process alive, its socket does.
  await app.listen({ host: '127.0.0.1', port: 0 })
  const control = new Client(app, 'live')
  const res = await control.post('/_unimock/scenarios/run', { scenario: story })
  t.equal(res.statusCode, 202, 'answered before the run is over')
  const started = res.json()
  t.equal(started.state, 'running', 'the run is still playing')
  const endsAt = Date.parse(started.ends_at as string)
  t.ok(endsAt > clock.now(), 'its end is still ahead on the clock')
  await clock.played(endsAt)
  const run = (await control.get(`/_unimock/scenarios/${started.id as string}`)).json()
  t.equal(run.state, 'passed', run.state === 'passed' ? 'the run ended by itself and passed' : JSON.stringify(run.steps))
  t.ok(Date.parse(run.finished_at as string) >= endsAt, 'it finished at its end, not before')
  const ran = (run.steps as Array<{ due_at: string, ran_at: string }>).map((s) => Date.parse(s.ran_at) - Date.parse(s.due_at))
  t.ok(ran.every((late) => late >= 0), 'no step ran before it was due (in simulated time)')
})
