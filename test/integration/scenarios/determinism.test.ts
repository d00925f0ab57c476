import t from 'tap'
import type { Test } from 'tap'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { makeApp } from '../../helpers/app.js'
import { Client } from '../helpers.js'

/**
 * Same file, same seed: byte-identical answers and webhook payloads. Two fresh simulators run a scenario
 * that links, syncs, changes remote data and sends webhooks to a real receiver; everything observable is compared.
 */

async function receiver (t: Test): Promise<{ url: string, bodies: string[] }> {
  const bodies: string[] = []
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => { bodies.push(`${String(req.headers['x-merge-webhook-signature'])} ${Buffer.concat(chunks).toString()}`); res.end('ok') })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => { server.close(() => { resolve() }) }))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, bodies }
}

const story = (url: string) => ({
  name: 'twin',
  description: 'link, an initial sync, remote changes, two periodic syncs, each announced by webhook',
  settings: { sync_interval: '1h' },
  accounts: [{ ref: 'acme', category: 'hris' }, { ref: 'beta', category: 'ats' }],
  steps: [
    { at: '0s', webhook_target: { url } },
    { at: '0s', link: { account: 'acme' } },
    { at: '5m', link: { account: 'beta' } },
    { at: '1h', remote_changes: { account: 'acme', model: 'hris.Employee', created: 4, changed: 3, deleted: 1 } },
    { at: '2h30m', request: { account: 'acme', path: '/api/hris/v1/employees?page_size=100' }, expect: [{ last_response: { status: 200 } }] }
  ]
})

async function play (t: Test, hooks: { url: string, bodies: string[] }, seed: number): Promise<{ answers: string[], webhooks: string[] }> {
  hooks.bodies.length = 0
  const { app } = await makeApp(t, { seed })
  const control = new Client(app, 'twin-key')
  const run = await control.post('/_unimock/scenarios/run', { scenario: story(hooks.url) })
  t.equal(run.json().state, 'passed', run.json().state === 'passed' ? 'the run passed' : run.body)
  const accounts = run.json().accounts as Array<{ ref: string, account_token: string }>
  const acme = control.withAccount(accounts.find((a) => a.ref === 'acme')!.account_token)
  const answers = [
    run.body,
    (await acme.get('/api/hris/v1/employees?page_size=100&include_deleted_data=true')).body,
    (await acme.get('/api/hris/v1/sync-status')).body,
    (await control.get('/_unimock/linked-accounts')).body,
    // duration_ms is how long the receiver took on the wall clock: the one measured (not simulated) value.
    (await control.get('/_unimock/webhooks/deliveries?limit=1000')).body.replace(/"duration_ms":\d+/g, '"duration_ms":0')
  ]
  return { answers, webhooks: [...hooks.bodies] }
}

t.test('two runs with the same seed answer byte for byte the same, webhooks included', async (t) => {
  // One receiver for every run: its URL is part of each signed body.
  const hooks = await receiver(t)
  const a = await play(t, hooks, 11)
  const b = await play(t, hooks, 11)
  t.ok(a.webhooks.length >= 4, `webhooks were sent (${a.webhooks.length})`)
  t.same(b.webhooks, a.webhooks, 'the same webhook bodies and signatures, in the same order')
  a.answers.forEach((answer, i) => { t.equal(b.answers[i], answer, `answer ${i} is identical`) })
  const c = await play(t, hooks, 12)
  t.not(c.answers[1], a.answers[1], 'another seed gives other data')
})
