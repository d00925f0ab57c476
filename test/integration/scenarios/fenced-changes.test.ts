import t from 'tap'
import { makeApp } from '../../helpers/app.js'
import { Client } from '../helpers.js'
import { startReceiver } from '../webhooks/receiver.js'

/**
 * While a run lasts, the webhook targets and faults it adds hold for its own accounts only: the API key's
 * other accounts keep answering, and their webhooks go where they went before, undropped.
 */

interface Delivery { linked_account_id: string, url: string, state: string, faults: string[] }

t.test('a run\'s drop fault, dead target and service fault leave the key\'s other accounts alone', async (t) => {
  const { app } = await makeApp(t)
  const key = new Client(app, 'shared-key')
  const receiver = await startReceiver(t)
  await key.post('/_unimock/webhooks/targets', { url: `${receiver.url}/hooks` })
  const mine = await key.link('hris', 'own-customer')
  const dead = 'http://127.0.0.1:9/dead'
  const started = await key.post('/_unimock/scenarios/run', {
    drive: false,
    scenario: {
      name: 'faults-for-a-while',
      description: 'a dead target, a drop fault and a 503 for two hours',
      accounts: [{ ref: 'acme', category: 'hris' }],
      steps: [
        { at: '0s', link: { account: 'acme' } },
        { at: '1s', webhook_target: { url: dead } },
        { at: '1s', webhook_fault: { kind: 'drop' } },
        { at: '1s', service_fault: { kind: 'status', status: 503 } },
        { at: '1m', request: { account: 'acme', path: '/api/hris/v1/employees' }, expect: [{ last_response: { status: 503 } }] },
        { at: '2h', note: 'the run ends' }
      ]
    }
  })
  t.equal(started.statusCode, 202, 'the run starts (202: it plays as the clock moves)')
  const runId = started.json().id as string
  await key.post('/_unimock/clock/advance', { by: '5m' })
  const run = (await key.get(`/_unimock/scenarios/${runId}`)).json()
  t.equal(run.state, 'running', 'the run is under way')
  const acme = (await key.get('/_unimock/linked-accounts')).json().results.find((a: { end_user_origin_id: string }) => a.end_user_origin_id.startsWith('acme-')).id as string

  const own = await app.inject({ method: 'GET', url: '/api/hris/v1/employees', headers: { ...key.headers(), 'x-account-token': mine.accountToken } })
  t.equal(own.statusCode, 200, 'the key\'s own account is not answered by the run\'s 503')

  // An event nothing else sends in these minutes: the deliveries of it are the ones sent here.
  t.equal((await key.post('/_unimock/webhooks/send', { event: 'LinkedAccount.deleted', linked_account_id: mine.accountId })).statusCode, 202)
  t.equal((await key.post('/_unimock/webhooks/send', { event: 'LinkedAccount.deleted', linked_account_id: acme })).statusCode, 202)
  const sent = (await key.get('/_unimock/webhooks/deliveries?event=LinkedAccount.deleted&limit=1000')).json().results as Delivery[]
  const ofMine = sent.filter((d) => d.linked_account_id === mine.accountId)
  const ofRun = sent.filter((d) => d.linked_account_id === acme)
  t.same(ofMine.map((d) => [d.url, d.state === 'dropped']), [[`${receiver.url}/hooks`, false]], 'the key\'s account: to its own target only, not dropped')
  t.same(ofRun.map((d) => d.url).sort(), [`${receiver.url}/hooks`, dead].sort(), 'the run\'s account: to the key\'s target and the run\'s')
  t.ok(ofRun.every((d) => d.state === 'dropped'), 'the run\'s account\'s deliveries are dropped')

  await key.post('/_unimock/clock/advance', { by: '2h' })
  const done = (await key.get(`/_unimock/scenarios/${runId}`)).json()
  t.equal(done.state, 'passed', 'the run\'s own request met its 503')
  t.same((await key.get('/_unimock/webhooks/faults')).json().results, [], 'its drop fault is gone')
})
