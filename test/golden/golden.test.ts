import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import t, { type Test } from 'tap'
import { MockAgent } from 'undici'
import { buildApp } from '../../src/app.js'
import { VirtualClock } from '../../src/core/virtual-clock.js'
import { START } from '../helpers/app.js'

/**
 * Pins the bytes unimock generates for a fixed seed: every model's first two pages (records, remote_data,
 * expanded relations, keyset cursors), linked-account and sync-status pages with their cursors, and every
 * webhook body and signature sent over a simulated day. A refactor must leave all of them byte-identical.
 *
 * When a change is meant to alter generated output, regenerate with UNIMOCK_UPDATE_GOLDEN=1 and say why in
 * the commit: the diff of golden.json then shows exactly which answers moved.
 */

const GOLDEN = new URL('./golden.json', import.meta.url)
const KEY = 'golden_key'
const RECEIVER = 'http://receiver.golden.test'

interface Golden { answers: Record<string, string>, webhooks: Array<{ event: string, sha256: string, signature: string }> }

const sha = (text: string): string => createHash('sha256').update(text).digest('hex')

interface RawModel { segment: string, retrieve: boolean, expand_values: string[], list_query_params: string[] }
const catalogue = JSON.parse(readFileSync(new URL('../../fixtures/unified-models.json', import.meta.url), 'utf8')) as
  { categories: Record<string, { models: Record<string, RawModel> }> }

async function pinned (t: Test, dataCacheMb: number): Promise<void> {
  const agent = new MockAgent()
  agent.disableNetConnect()
  const webhooks: Golden['webhooks'] = []
  agent.get(RECEIVER).intercept({ path: /.*/, method: 'POST' }).reply(200, (opts) => {
    const body = String(opts.body)
    webhooks.push({ event: JSON.parse(body).hook.event, sha256: sha(body), signature: String((opts.headers as Record<string, string>)['x-merge-webhook-signature']) })
    return { ok: true }
  }).persist()
  const clock = new VirtualClock(START)
  const app = buildApp({ clock: 'virtual', logLevel: 'silent', rateLimit: 'off', initialSyncDuration: '10m', dataCacheMb }, { clock, dispatcher: agent })
  t.teardown(() => app.close())
  await app.ready()

  const answers: Record<string, string> = {}
  const call = async (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) => {
    const res = await app.inject({ method, url, headers: { authorization: `Bearer ${KEY}`, ...headers }, ...(payload === undefined ? {} : { payload }) })
    return res
  }
  const record = async (url: string, token?: string) => {
    const res = await call('GET', url, token === undefined ? {} : { 'x-account-token': token })
    answers[url] = sha(`${res.statusCode}\n${res.body}`)
    return res.statusCode === 200 ? res.json() : undefined
  }

  const target = await call('POST', '/_unimock/webhooks/targets', {}, { url: `${RECEIVER}/hook/{category}` })
  t.equal(target.statusCode, 201)

  const tokens = new Map<string, string>()
  for (const category of Object.keys(catalogue.categories)) {
    const lt = await call('POST', `/api/${category}/v1/link-token`, {}, { end_user_origin_id: `golden-${category}`, end_user_organization_name: 'Golden', end_user_email_address: 'g@example.com' })
    const done = await call('POST', `/_unimock/link-tokens/${encodeURIComponent(lt.json().link_token)}/complete`, {}, {})
    const exchanged = await call('GET', `/api/${category}/v1/account-token/${done.json().public_token}`)
    t.equal(exchanged.statusCode, 200, `${category} linked`)
    tokens.set(category, exchanged.json().account_token)
  }
  const advanced = await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '26h' } })
  t.equal(advanced.statusCode, 200)

  const firstAndNext = async (url: string, token?: string) => {
    const page = await record(url, token)
    if (page?.next) await record(`${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(page.next)}`, token)
    return page
  }
  await firstAndNext('/api/hris/v1/linked-accounts?page_size=3')
  for (const [category, { models }] of Object.entries(catalogue.categories)) {
    const token = tokens.get(category)!
    await firstAndNext(`/api/${category}/v1/sync-status?page_size=4`, token)
    for (const m of Object.values(models)) {
      const base = `/api/${category}/v1/${m.segment}`
      const page = await firstAndNext(`${base}?page_size=4&include_remote_data=true`, token)
      if (m.expand_values.length > 0) await record(`${base}?page_size=3&expand=${m.expand_values.join(',')}`, token)
      if (m.list_query_params.includes('modified_after')) await record(`${base}?page_size=3&modified_after=2026-01-01T12:00:00Z`, token)
      const first = page?.results?.[0]
      if (m.retrieve && first !== undefined) await record(`${base}/${first.id}?include_remote_data=true`, token)
    }
  }

  const actual: Golden = { answers, webhooks }
  t.ok(Object.keys(answers).length > 300, `${Object.keys(answers).length} answers pinned`)
  t.ok(webhooks.length > 50, `${webhooks.length} webhook deliveries pinned`)
  if (process.env.UNIMOCK_UPDATE_GOLDEN === '1' && dataCacheMb > 0) {
    writeFileSync(GOLDEN, JSON.stringify(actual, null, 1) + '\n')
    t.comment('golden.json rewritten')
    return
  }
  const expected = JSON.parse(readFileSync(GOLDEN, 'utf8')) as Golden
  t.same(Object.keys(actual.answers).sort(), Object.keys(expected.answers).sort(), 'the same requests were made (cursors included)')
  const changed = Object.keys(expected.answers).filter((url) => actual.answers[url] !== expected.answers[url])
  t.same(changed, [], 'every answer is byte-identical')
  t.same(actual.webhooks, expected.webhooks, 'every webhook body and signature is byte-identical, in order')
}

// With the cache of rendered records and pages (the default) and without it (--data-cache-mb 0): the two
// render records their own way, and both must send the pinned bytes.
t.test('generated records, cursors and webhook bodies are byte-identical for the same seed', (t) => pinned(t, 32))
t.test('the same bytes with the data cache off', (t) => pinned(t, 0))
