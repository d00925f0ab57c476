import t from 'tap'
import { readdirSync } from 'node:fs'
import { makeApp } from '../../helpers/app.js'
import { Client } from '../helpers.js'

/** Every ready-made scenario in scenarios/ runs on a virtual clock and meets each of its expectations. */

const files = readdirSync(new URL('../../../scenarios/', import.meta.url)).filter((f) => f.endsWith('.yaml')).sort()

t.test('the ready-made scenarios are the ones the issue lists', async (t) => {
  t.same(files, [
    'failed-sync-recovery.yaml', 'happy-path.yaml', 'paused-when-idle.yaml', 'rate-limit-polling.yaml',
    'relink-needed.yaml', 'resync.yaml', 'slow-initial-sync.yaml', 'webhooks-dropped.yaml'
  ])
})

for (const file of files) {
  t.test(`${file} runs and meets its expectations`, async (t) => {
    const { app } = await makeApp(t)
    const control = new Client(app, 'scenario-key')
    const res = await control.post('/_unimock/scenarios/run', { file })
    t.equal(res.statusCode, 200, res.body)
    const run = res.json()
    const failing = (run.steps as Array<{ state: string }>).filter((s) => s.state !== 'done')
    if (failing.length > 0) t.comment(JSON.stringify(failing, null, 1))
    t.equal(run.state, 'passed', 'every step ran and every check held')
    t.ok((run.steps as Array<{ checks: unknown[] }>).some((s) => s.checks.length > 0), 'the scenario checks something')
    t.equal(run.finished_at, run.ends_at, 'the run finished at its end')
    const again = await control.get(`/_unimock/scenarios/${run.id as string}`)
    t.same(again.json(), run, 'GET /_unimock/scenarios/{run} shows the same run')
  })
}
