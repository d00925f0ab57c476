import t from 'tap'
import { MockAgent } from 'undici'
import { buildApp } from '../../../src/app.js'
import { VirtualClock } from '../../../src/core/virtual-clock.js'
import { webhookSignature } from '../../../src/core/signing.js'
import { parseCli } from '../../../src/server.js'
import { START } from '../../helpers/app.js'
import { startReceiver } from './receiver.js'

t.test('deliveries go through the injected dispatcher', async (t) => {
  const agent = new MockAgent()
  agent.disableNetConnect()
  const seen: Array<{ body: string, signature: string }> = []
  agent.get('https://integrator.example').intercept({ path: '/hooks/hris', method: 'POST' }).reply(200, (opts) => {
    seen.push({ body: String(opts.body), signature: String((opts.headers as Record<string, string>)['x-merge-webhook-signature']) })
    return { ok: true }
  }).persist()
  const clock = new VirtualClock(START)
  const app = buildApp({ clock: 'virtual', logLevel: 'silent', rateLimit: 'off', webhookUrls: ['https://integrator.example/hooks/{category}'] }, { clock, dispatcher: agent })
  t.teardown(() => app.close())
  await app.ready()
  const headers = { authorization: 'Bearer test_mock' }
  const key = (await app.inject({ method: 'GET', url: '/_unimock/webhooks/signature-key', headers })).json().key
  await app.inject({ method: 'POST', url: '/_unimock/linked-accounts', headers, payload: { category: 'hris', end_user_origin_id: 'm' } })
  await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '1s' } })
  t.equal(seen.length, 1)
  t.equal(JSON.parse(seen[0]!.body).hook.event, 'LinkedAccount.linked')
  t.equal(seen[0]!.signature, webhookSignature(key, seen[0]!.body))
  t.match(seen[0]!.signature, /^[A-Za-z0-9_-]{43}=$/)
})

t.test('the webhook flags parse: --webhook-url repeats, --webhook-timeout is a duration', async (t) => {
  const cmd = parseCli(['--webhook-url', 'http://a/{category}', '--webhook-url', 'http://b', '--webhook-secret', 's', '--webhook-timeout', '5s'], {})
  t.equal(cmd.kind, 'run')
  if (cmd.kind !== 'run') return
  t.same(cmd.config.webhookUrls, ['http://a/{category}', 'http://b'])
  t.equal(cmd.config.webhookSecret, 's')
  t.equal(cmd.config.webhookTimeout, '5s')
  t.throws(() => parseCli(['--webhook-timeout', 'soon'], {}), /--webhook-timeout/)
  t.throws(() => parseCli(['--webhook-url', 'ftp://x'], {}), /--webhook-url/)
  const env = parseCli([], { UNIMOCK_WEBHOOK_URL: 'http://a,http://b' })
  t.same(env.kind === 'run' ? env.config.webhookUrls : [], ['http://a', 'http://b'])
})

t.test('on the real clock deliveries go out at once, and retries follow on their own', async (t) => {
  // Retry-After: 0 makes the retry due at once, so nothing here waits out a real backoff.
  const receiver = await startReceiver(t, (n) => (n === 0 ? { status: 502, headers: { 'retry-after': '0' } } : 200))
  const app = buildApp({ clock: 'real', logLevel: 'silent', rateLimit: 'off', initialSyncDuration: '1h', webhookUrls: [`${receiver.url}/real`] })
  t.teardown(() => app.close())
  await app.ready()
  const headers = { authorization: 'Bearer test_real' }
  receiver.setKey((await app.inject({ method: 'GET', url: '/_unimock/webhooks/signature-key', headers })).json().key)
  await app.inject({ method: 'POST', url: '/_unimock/linked-accounts', headers, payload: { category: 'hris', end_user_origin_id: 'r' } })
  await receiver.arrived(2)
  t.same(receiver.events(), ['LinkedAccount.linked', 'LinkedAccount.linked'], 'a 502, then the retry, with no advance of any clock')
  t.ok(receiver.received.every((r) => r.verified))
})
