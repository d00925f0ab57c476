import t from 'tap'
import { makeApp } from '../../helpers/app.js'
import { Client } from '../helpers.js'

/** Issue 36, defect 4: a scenario run sent while an advance of the same key runs waits behind it, never 500. */

const scenario = {
  name: 'short',
  description: 'links an account and checks it an hour later',
  accounts: [{ ref: 'acme', category: 'hris' }],
  steps: [{ at: '0s', link: { account: 'acme' } }, { at: '1h', expect: [{ sync: { account: 'acme', status: 'DONE' } }] }]
}

t.test('a run sent during a long advance of its key starts after it and plays to its end', async (t) => {
  const { app } = await makeApp(t, { rateLimit: 'off', initialSyncDuration: '10m' })
  const control = new Client(app, 'k')
  // Enough work on the key's clock that the advance yields to the event loop while the run arrives.
  for (let i = 0; i < 4; i++) t.equal((await control.post('/_unimock/linked-accounts', { category: 'hris', end_user_origin_id: `org-${i}` })).statusCode, 201)
  const before = Date.parse((await control.get('/_unimock/clock')).json().now as string)
  for (let round = 0; round < 2; round++) {
    const [advanced, ran] = await Promise.all([
      control.post('/_unimock/clock/advance', { by: '30d' }),
      control.post('/_unimock/scenarios/run', { scenario })
    ])
    t.equal(advanced.statusCode, 200, advanced.body)
    t.equal(ran.statusCode, 200, ran.body)
    t.equal(ran.json().state, 'passed', 'the run played whole')
    t.ok(Date.parse(ran.json().started_at as string) >= Date.parse(advanced.json().now as string), 'it started where the advance ended')
  }
  const after = Date.parse((await control.get('/_unimock/clock')).json().now as string)
  t.equal(after - before, 2 * (30 * 24 + 1) * 3600_000, 'the advances and the runs added up')
})
