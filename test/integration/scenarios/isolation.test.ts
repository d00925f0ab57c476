import t from 'tap'
import { makeApp } from '../../helpers/app.js'
import { Client } from '../helpers.js'
import { startReceiver } from '../webhooks/receiver.js'

/**
 * A run on an API key that already has activity: its checks look at its own accounts only, its accounts are
 * its own (a second run links new ones), and when it ends the key's settings, targets and faults are as
 * they were.
 */

t.test('webhooks-dropped passes twice on a busy key and leaves the key as it found it', async (t) => {
  const { app } = await makeApp(t)
  const key = new Client(app, 'busy-key')
  const receiver = await startReceiver(t)
  // The key's own life: a receiver that answers 200, an account syncing every 2 hours, a service fault.
  const target = (await key.post('/_unimock/webhooks/targets', { url: `${receiver.url}/hooks` })).json()
  const mine = await key.link('hris', 'own-customer')
  t.equal((await app.inject({ method: 'PUT', url: '/_unimock/sync-interval', headers: key.headers(), payload: { interval: '2h' } })).statusCode, 200)
  const fault = (await key.post('/_unimock/faults', { kind: 'status', status: 500, scope: { path: '/api/crm/v1/*' } })).json()
  await key.post('/_unimock/clock/advance', { by: '1d' })
  const delivered = (await key.get('/_unimock/webhooks/deliveries?state=delivered&limit=1000')).json().results.length
  t.ok(delivered > 0, `the key has ${delivered} delivered webhooks before any run`)

  for (const round of [1, 2]) {
    const run = (await key.post('/_unimock/scenarios/run', { file: 'webhooks-dropped' })).json()
    const failing = (run.steps as Array<{ state: string }>).filter((s) => s.state !== 'done')
    if (failing.length > 0) t.comment(JSON.stringify(failing, null, 1))
    t.equal(run.state, 'passed', `run ${round} passes: its checks count its own account's webhooks only`)
    t.same((await key.get('/_unimock/sync-interval')).json(), { interval_ms: 7_200_000, interval: '2h' }, `after run ${round} the key's sync interval is its own again`)
    t.same((await key.get('/_unimock/webhooks/targets')).json().results.map((x: { id: string }) => x.id), [target.id], 'the run\'s target is gone, the key\'s stays')
    t.same((await key.get('/_unimock/webhooks/faults')).json().results, [], 'the run\'s drop fault is gone')
    t.same((await key.get('/_unimock/faults')).json().results.map((f: { id: number }) => f.id), [fault.id], 'the key\'s own service fault stays')
  }

  const accounts = (await key.get('/_unimock/linked-accounts')).json().results as Array<{ id: string, end_user_origin_id: string }>
  const umbrellas = accounts.filter((a) => a.end_user_origin_id.startsWith('umbrella-'))
  t.equal(umbrellas.length, 2, 'each run linked an account of its own (origin id umbrella-<run>)')
  t.ok(accounts.some((a) => a.id === mine.accountId), 'the key\'s own account is untouched')
  const before = receiver.received.length
  await key.post('/_unimock/clock/advance', { by: '3h' })
  t.ok(receiver.received.length > before, 'webhooks flow to the key\'s receiver again after the runs')
})

t.test('clear_faults clears the run\'s own faults, not the ones the key had', async (t) => {
  const { app } = await makeApp(t)
  const key = new Client(app, 'k')
  const own = (await key.post('/_unimock/faults', { kind: 'latency', latency: '1ms', scope: { path: '/api/ats/v1/*' } })).json()
  const ownWebhook = (await key.post('/_unimock/webhooks/faults', { kind: 'delay', delay: '1s' })).json().results[0]
  const run = (await key.post('/_unimock/scenarios/run', {
    scenario: {
      name: 'faults-then-clear',
      description: 'adds a fault of each kind, then clears them',
      accounts: [{ ref: 'acme', category: 'hris' }],
      steps: [
        { at: '0s', link: { account: 'acme' } },
        { at: '1m', service_fault: { kind: 'status', status: 503, scope: { account: 'acme' } } },
        { at: '1m', webhook_fault: { kind: 'drop' } },
        { at: '2m', clear_faults: 'all' },
        { at: '2m', request: { account: 'acme', path: '/api/hris/v1/employees' }, expect: [{ last_response: { status: 200 } }] }
      ]
    }
  })).json()
  t.equal(run.state, 'passed')
  t.same((await key.get('/_unimock/faults')).json().results.map((f: { id: number }) => f.id), [own.id], 'the key\'s service fault survived clear_faults: all')
  t.same((await key.get('/_unimock/webhooks/faults')).json().results.map((f: { id: number }) => f.id), [ownWebhook.id], 'so did its webhook fault')
})
