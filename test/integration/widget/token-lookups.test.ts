import t from 'tap'
import { LinkRepository } from '../../../src/integration/service/link/link-repository.js'
import { makeApp } from '../../helpers/app.js'
import { Client } from '../helpers.js'

// A widget request finds its link token once and hands what it found on: to its handler's checks, to the
// link service that acts on it and to the journal that records it. Counted at the repository, under all of
// them, so a second lookup anywhere (a re-read to answer, to judge, to journal) fails here.

t.test('each widget request, and the headless completion, looks its link token up once', async (t) => {
  let lookups = 0
  const original = LinkRepository.prototype.linkToken
  LinkRepository.prototype.linkToken = function (this: LinkRepository, hash: string) {
    lookups++
    return original.call(this, hash)
  }
  t.teardown(() => { LinkRepository.prototype.linkToken = original })

  const { app, clock } = await makeApp(t, { rateLimit: 'off' })
  const api = new Client(app, 'test_lookups')
  const tokens = {
    connect: await api.linkToken('hris', { end_user_origin_id: 'o1' }),
    exit: await api.linkToken('hris', { end_user_origin_id: 'o2' }),
    headless: await api.linkToken('crm', { end_user_origin_id: 'o3' }),
    expiring: await api.linkToken('ats', { end_user_origin_id: 'o4' })
  }
  const q = (token: string): string => encodeURIComponent(token)
  const counted = async (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}): Promise<{ status: number, lookups: number }> => {
    lookups = 0
    const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) })
    // The journal writes its entry as the response ends: a lookup there counts too.
    await new Promise((resolve) => { setImmediate(resolve) })
    return { status: res.statusCode, lookups }
  }

  const cases: Array<[string, () => Promise<{ status: number, lookups: number }>, number]> = [
    ['session', () => counted('GET', `/link/api/session?link_token=${q(tokens.connect)}`), 200],
    ['session of an unknown token', () => counted('GET', '/link/api/session?link_token=never-issued'), 404],
    ['connect refused by the third party', () => counted('POST', '/link/api/connect', { link_token: tokens.connect, integration: 'gusto', password: 'error_mfa_required' }), 200],
    ['connect to an integration not on offer', () => counted('POST', '/link/api/connect', { link_token: tokens.connect, integration: 'hubspot' }), 400],
    ['connect with a body that fails its schema', () => counted('POST', '/link/api/connect', { link_token: tokens.connect }), 400],
    ['connect', () => counted('POST', '/link/api/connect', { link_token: tokens.connect, integration: 'gusto', password: 'hunter2' }), 200],
    ['connect with a used token', () => counted('POST', '/link/api/connect', { link_token: tokens.connect, integration: 'gusto' }), 400],
    ['exit', () => counted('POST', `/link/api/exit?link_token=${q(tokens.exit)}`), 200],
    ['exit with a used token', () => counted('POST', `/link/api/exit?link_token=${q(tokens.exit)}`), 400],
    ['headless completion', () => counted('POST', `/_unimock/link-tokens/${q(tokens.headless)}/complete`, {}, { authorization: 'Bearer test_lookups' }), 200],
    ['headless completion by another key', () => counted('POST', `/_unimock/link-tokens/${q(tokens.expiring)}/complete`, {}, { authorization: 'Bearer test_other' }), 404]
  ]
  for (const [what, run, status] of cases) t.same(await run(), { status, lookups: 1 }, what)

  await clock.advanceBy(31 * 60_000)
  t.same(await counted('GET', `/link/api/session?link_token=${q(tokens.expiring)}`), { status: 200, lookups: 1 }, 'session of an expired token')
  t.same(await counted('POST', `/link/api/exit?link_token=${q(tokens.expiring)}`), { status: 400, lookups: 1 }, 'exit with an expired token')

  // What the journal shows is what the handler found and left, not a guess of its own.
  const { entries } = (await api.get('/_unimock/requests?order=oldest')).json()
  const widget = entries.filter((e: { surface: string }) => e.surface === 'widget')
    .map((e: { method: string, path: string, status: number, facets: { link_token_state?: string, account_status?: string } }) =>
      `${e.method} ${e.path} ${e.status} ${e.facets.link_token_state} ${e.facets.account_status}`)
  t.same(widget, [
    'GET /link/api/session 200 READY INCOMPLETE',
    'POST /link/api/connect 200 READY INCOMPLETE',
    'POST /link/api/connect 400 READY INCOMPLETE',
    'POST /link/api/connect 400 READY INCOMPLETE',
    'POST /link/api/connect 200 USED COMPLETE',
    'POST /link/api/connect 400 USED COMPLETE',
    'POST /link/api/exit 200 USED INCOMPLETE',
    'POST /link/api/exit 400 USED INCOMPLETE',
    'POST /_unimock/link-tokens/[redacted]/complete 200 USED COMPLETE',
    'GET /link/api/session 200 EXPIRED INCOMPLETE',
    'POST /link/api/exit 400 EXPIRED INCOMPLETE'
  ])
})
