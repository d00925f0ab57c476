import t, { type Test } from 'tap'
import { MockAgent } from 'undici'
import { buildApp, type AppDeps } from '../../../src/app.js'
import type { ConfigInput } from '../../../src/config.js'
import { VirtualClock } from '../../../src/core/virtual-clock.js'
import { parseCli, UsageError } from '../../../src/server.js'
import { START } from '../../helpers/app.js'

/**
 * unimock runs as a service container in cloud CI: whoever reaches it must not make it POST signed bodies,
 * with retries, to the instance metadata service (#53). Link-local addresses, the metadata services and the
 * unspecified addresses are refused as targets, when added and again at each delivery; loopback and private
 * networks stay allowed; --webhook-allow-private lifts the refusal.
 */

const headers = { authorization: 'Bearer test_refused_targets' }

async function app (t: Test, config: ConfigInput = {}, deps: Omit<AppDeps, 'clock'> = {}): Promise<ReturnType<typeof buildApp>> {
  const built = buildApp({ clock: 'virtual', logLevel: 'silent', rateLimit: 'off', ...config }, { clock: new VirtualClock(START), ...deps })
  t.teardown(() => built.close())
  await built.ready()
  return built
}

const addTarget = async (a: ReturnType<typeof buildApp>, url: string): Promise<{ status: number, body: any }> => {
  const res = await a.inject({ method: 'POST', url: '/_unimock/webhooks/targets', headers, payload: { url } })
  return { status: res.statusCode, body: res.json() }
}

t.test('the issue\'s three targets are refused when added, each with a 400 naming why', async (t) => {
  const a = await app(t)
  const cases: Array<[string, RegExp]> = [
    ['http://169.254.169.254/latest/meta-data/', /^Webhook target refused: 169\.254\.169\.254 is a cloud metadata service \(AWS, GCP, Azure/],
    ['http://[fd00:ec2::254]/', /^Webhook target refused: fd00:ec2::254 is a cloud metadata service \(AWS, over IPv6\)/],
    ['http://metadata.google.internal/', /^Webhook target refused: metadata\.google\.internal is a cloud metadata service \(GCP\)/]
  ]
  for (const [url, detail] of cases) {
    const res = await addTarget(a, url)
    t.equal(res.status, 400, url)
    t.match(res.body, { status: 400, detail }, url)
    t.match(res.body.detail, '--webhook-allow-private', 'and says how to allow it')
  }
  t.same((await a.inject({ method: 'GET', url: '/_unimock/webhooks/targets', headers })).json().results, [], 'none was added')
})

t.test('link-local, the other metadata names and addresses, and 0.0.0.0 / :: are refused in every spelling', async (t) => {
  const a = await app(t)
  const refused: Array<[string, string]> = [
    ['http://169.254.10.20:8080/hook', 'a link-local address'],
    ['http://[fe80::1]/hook', 'a link-local address'],
    ['http://[::ffff:169.254.169.254]/', 'a cloud metadata service'],
    ['http://2852039166/', 'a cloud metadata service'],
    ['http://169.254.170.2/v2/credentials', 'a cloud metadata service (AWS ECS'],
    ['http://metadata.goog/', 'a cloud metadata service (GCP)'],
    ['https://METADATA.google.internal./computeMetadata/v1/', 'metadata.google.internal is a cloud metadata service'],
    ['http://0.0.0.0:3000/hooks/{category}', 'an unspecified address'],
    ['http://[::]:3000/', 'an unspecified address']
  ]
  for (const [url, reason] of refused) {
    const res = await addTarget(a, url)
    t.equal(res.status, 400, url)
    t.match(res.body.detail, reason, url)
  }
})

t.test('where the line is: loopback and the private ranges a CI network uses are accepted, link-local beside them is not', async (t) => {
  const a = await app(t)
  for (const url of ['http://127.0.0.1:3000/hooks/{category}', 'http://localhost:3000/hooks', 'http://10.1.2.3/hooks', 'http://172.20.0.5:8080/hooks', 'http://192.168.1.10/hooks', 'http://[::1]:3000/', 'http://backend:3000/hooks']) {
    t.equal((await addTarget(a, url)).status, 201, url)
  }
  t.equal((await addTarget(a, 'http://169.254.0.1:3000/hooks')).status, 400, 'the first link-local address')
})

t.test('--webhook-allow-private lifts the refusal', async (t) => {
  t.equal((await addTarget(await app(t), 'http://169.254.169.254/latest/meta-data/')).status, 400, 'refused without it')
  const a = await app(t, { webhookAllowPrivate: true })
  t.equal((await addTarget(a, 'http://169.254.169.254/latest/meta-data/')).status, 201)
  t.equal((await addTarget(a, 'http://[fe80::1]/')).status, 201)
})

t.test('--webhook-url: a refused target stops the start, naming the flag; --webhook-allow-private and its variable allow it', async (t) => {
  t.throws(() => parseCli(['--webhook-url', 'http://169.254.169.254/hooks'], {}), new UsageError('invalid value for --webhook-url: 169.254.169.254 is a cloud metadata service (AWS, GCP, Azure, Oracle, DigitalOcean) (got "http://169.254.169.254/hooks"); give another target, or start unimock with --webhook-allow-private for a deliberate set-up'))
  t.match(parseCli(['--webhook-url', 'http://169.254.169.254/hooks', '--webhook-allow-private'], {}), { kind: 'run', config: { webhookAllowPrivate: true } })
  t.match(parseCli(['--webhook-url', 'http://169.254.169.254/hooks'], { UNIMOCK_WEBHOOK_ALLOW_PRIVATE: 'true' }), { kind: 'run', config: { webhookAllowPrivate: true } })
  t.throws(() => parseCli([], { UNIMOCK_WEBHOOK_ALLOW_PRIVATE: 'maybe' }), /invalid value for UNIMOCK_WEBHOOK_ALLOW_PRIVATE: must be true or false \(got "maybe"\)/)
  t.throws(() => parseCli(['--webhook-url', 'http://169.254.169.254/hooks', '--webhook-allow-private=false'], {}), /invalid value for --webhook-url/, 'a switch may say false')
  t.throws(() => parseCli(['--webhook-allow-private=maybe'], {}), /invalid value for --webhook-allow-private: must be true or false \(got "maybe"\)/)
  t.match(parseCli(['--webhook-url', 'http://10.0.0.7:3000/hooks'], {}), { kind: 'run', config: { webhookAllowPrivate: false } }, 'a private address needs no flag')
})

t.test('at delivery the name is resolved again: one that resolves to link-local is refused, as a failed attempt saying why', async (t) => {
  const agent = new MockAgent()
  agent.disableNetConnect()
  const posted: string[] = []
  for (const origin of ['http://hooks.rebound.test', 'http://hooks.private.test']) {
    agent.get(origin).intercept({ path: /.*/, method: 'POST' }).reply(200, () => { posted.push(origin); return {} }).persist()
  }
  const table: Record<string, string[]> = { 'hooks.rebound.test': ['10.0.0.9', '169.254.10.10'], 'hooks.private.test': ['10.0.0.8'] }
  const a = await app(t, {}, { dispatcher: agent, resolve: async (host) => table[host] ?? [] })
  t.equal((await addTarget(a, 'http://hooks.rebound.test/hook')).status, 201, 'a name is judged by its addresses when it is delivered to')
  t.equal((await addTarget(a, 'http://hooks.private.test/hook')).status, 201)
  await a.inject({ method: 'POST', url: '/_unimock/linked-accounts', headers, payload: { category: 'hris', end_user_origin_id: 'refused-1' } })
  await a.inject({ method: 'POST', url: '/_unimock/clock/advance', headers, payload: { by: '1m' } })

  const deliveries = (await a.inject({ method: 'GET', url: '/_unimock/webhooks/deliveries?event=LinkedAccount.linked', headers })).json().results as Array<{ url: string, state: string, attempts: Array<{ status_code: number | null, error: string | null }> }>
  const rebound = deliveries.find((d) => d.url.startsWith('http://hooks.rebound.test'))!
  t.match(rebound, { state: 'failed', attempts: [{ status_code: null }] }, 'failed at once: a refusal is not retried')
  t.equal(rebound.attempts.length, 1)
  t.equal(rebound.attempts[0]!.error, 'refused by unimock: hooks.rebound.test resolves to 169.254.10.10, a link-local address (169.254.0.0/16, fe80::/10), where cloud metadata services live (--webhook-allow-private lifts this)')
  t.match(deliveries.find((d) => d.url.startsWith('http://hooks.private.test')), { state: 'delivered' }, 'a name resolving to a private address is delivered to')
  t.same(posted, ['http://hooks.private.test'], 'nothing was sent to the refused one')
})
