import t from 'tap'
import { buildApp } from '../../src/app.js'
import { VirtualClock } from '../../src/core/virtual-clock.js'
import { isAppError } from '../../src/core/errors.js'
import { integrations, integrationsFor } from '../../src/integration/base/catalogue/integrations.js'
import { CATEGORIES } from '../../src/integration/base/catalogue/categories.js'
import { requestAccount, requestTenant } from '../../src/integration/base/accounts/request-auth.js'
import { makeApp, START } from '../helpers/app.js'
import { Client } from './helpers.js'

/**
 * The surfaces other domains and plugins build on, taken from the app itself (app.unified, what the
 * composition root built): the widget port, the domain events, the auth hooks.
 */

function codeOf (fn: () => unknown): string | undefined {
  try { fn() } catch (error) { return isAppError(error) ? error.code : 'not an AppError' }
  return undefined
}

t.test('the catalogue has realistic integrations for every category', async (t) => {
  for (const category of CATEGORIES) {
    const list = integrationsFor(category)
    // The facts publish a single chat integration (Microsoft Teams) and two for email; the seven have more.
    t.ok(list.length >= 1, `${category}: ${list.length} integrations`)
    t.equal(list[0]!.categories[0], category, `${category} lists its own integrations first`)
  }
  const slugs = integrations.map((i) => i.slug)
  t.equal(new Set(slugs).size, slugs.length, 'slugs are unique')
  for (const i of integrations) {
    t.match(i, { name: String, slug: /^[a-z0-9-]+$/, image: /^https:\/\/.+\.png$/, square_image: /^https:\/\/.+\.png$/, color: /^#[0-9A-F]{6}$/ }, i.slug)
  }
  t.same(integrationsFor('hris').slice(0, 2).map((i) => i.name), ['BambooHR', 'Workday'])
})

t.test('the link widget port: view, validation errors, success, single use, expiry, exit', async (t) => {
  const { app, clock } = await makeApp(t)
  const port = app.unified.widgetPort
  const c = new Client(app, 'key-a')
  // The widget acts on what one lookup found, as each of its requests does.
  const open = (token: string) => port.view(token)!

  t.equal(port.view('never-issued'), undefined)

  const token = await c.linkToken('hris', { end_user_origin_id: 'o1', end_user_organization_name: 'Northwind' })
  t.match(port.view(token), { state: 'READY', category: 'hris', endUserOrganizationName: 'Northwind' })
  t.same(open(token).integrations.map((i) => i.slug), integrationsFor('hris').map((i) => i.slug))
  t.equal(codeOf(() => port.complete({ ...open(token) }, { integration: 'gusto' })), 'LINK_WIDGET_UNKNOWN_LINK', 'a session the port never handed out stands for no token')
  port.exit({ ...open(token) })
  t.equal(open(token).state, 'READY', 'nor does closing one spend a token')

  const rejected = port.complete(open(token), { integration: 'gusto', username: 'admin', password: 'error_invalid_credentials' })
  t.equal(rejected.ok, false)
  t.same(rejected.ok ? [] : rejected.errors, [{ detail: 'Gusto did not accept this username and password. Check them and try again.', problem_type: 'INVALID_CREDENTIALS' }])
  const other = port.complete(open(token), { integration: 'gusto', password: 'error_sso_required' })
  t.match(other, { ok: false, errors: [{ problem_type: 'SSO_REQUIRED', detail: /Gusto rejected the connection/ }], session: { state: 'READY' } })
  t.equal(open(token).state, 'READY', 'a validation error leaves the token usable')
  t.equal((await c.get('/_unimock/linked-accounts')).json().results[0].status, 'INCOMPLETE')
  t.equal(codeOf(() => port.complete(open(token), { integration: 'greenhouse' })), 'LINK_WIDGET_UNKNOWN_INTEGRATION')

  const found = open(token)
  const done = port.complete(found, { integration: 'gusto', username: 'admin', password: 'hunter2' })
  t.match(done, { ok: true, publicToken: String, integration: { slug: 'gusto', name: 'Gusto' }, session: { state: 'USED', facts: { state: 'USED', account: { status: 'COMPLETE' } } } })
  t.equal(open(token).state, 'USED')
  t.equal(codeOf(() => port.complete(open(token), { integration: 'gusto' })), 'LINK_WIDGET_LINK_USED')
  t.equal(codeOf(() => port.complete(found, { integration: 'gusto' })), 'LINK_WIDGET_LINK_USED', 'a session found before the success cannot spend the token again')
  port.exit(open(token))
  t.equal(open(token).state, 'USED', 'closing the modal after a success changes nothing')
  if (done.ok) {
    const exchanged = await c.get(`/api/hris/v1/account-token/${done.publicToken}`)
    t.equal(exchanged.statusCode, 200, 'the public token from the widget exchanges over HTTP')
  }

  const preselected = await c.linkToken('hris', { end_user_origin_id: 'o2', integration: 'rippling' })
  t.same(open(preselected).integrations.map((i) => i.slug), ['rippling'])
  const relink = await c.linkToken('hris', { end_user_origin_id: 'o1', integration: 'rippling' })
  t.same(open(relink).integrations.map((i) => i.slug), ['gusto'], 'a relink offers the account\'s own integration')

  const exitToken = await c.linkToken('ats', { end_user_origin_id: 'o3' })
  t.equal(port.exit(open(exitToken)).state, 'USED', 'exit answers the token as it left it')
  t.equal(open(exitToken).state, 'USED', 'exit spends the token')
  t.equal(codeOf(() => port.complete(open(exitToken), { integration: 'lever' })), 'LINK_WIDGET_LINK_USED')

  const expiring = await c.linkToken('crm', { end_user_origin_id: 'o4' })
  await clock.advanceBy(30 * 60_000)
  t.equal(open(expiring).state, 'EXPIRED')
  t.equal(codeOf(() => port.complete(open(expiring), { integration: 'hubspot' })), 'LINK_WIDGET_LINK_EXPIRED')
})

t.test('account:linked listeners run inside the completion; a throwing one undoes it', async (t) => {
  const { app } = await makeApp(t)
  const services = app.unified
  const c = new Client(app, 'key-a')
  const seen: Array<{ id: string, isRelink: boolean, status: string, eventId: string, at: number }> = []
  let fail = false
  services.events.on('account:linked', (e) => {
    if (fail) throw new Error('listener failed')
    seen.push({ id: e.account.id, isRelink: e.isRelink, status: e.account.status, eventId: e.eventId, at: e.at })
  })

  const token = await c.linkToken('hris', { end_user_origin_id: 'o1' })
  fail = true
  t.throws(() => services.widgetPort.complete(services.widgetPort.view(token)!, { integration: 'gusto' }), /listener failed/)
  t.equal(services.widgetPort.view(token)!.state, 'READY', 'the token was not spent')
  t.equal((await c.get('/_unimock/linked-accounts')).json().results[0].status, 'INCOMPLETE')
  t.same((await c.get('/_unimock/events')).json().results, [], 'no event was recorded')
  t.equal((await c.get(`/_unimock/linked-accounts/${(await c.get('/_unimock/linked-accounts')).json().results[0].id}/sync`)).json().sync_status
    .every((s: { last_sync_start: string | null }) => s.last_sync_start === null), true, 'no initial sync started: the app\'s own listeners were undone too')

  fail = false
  t.match(services.widgetPort.complete(services.widgetPort.view(token)!, { integration: 'gusto' }), { ok: true })
  const [account] = (await c.get('/_unimock/linked-accounts')).json().results
  const [event] = (await c.get('/_unimock/events')).json().results
  t.same(seen, [{ id: account.id, isRelink: false, status: 'COMPLETE', eventId: event.id, at: START }])

  const relink = await c.linkToken('hris', { end_user_origin_id: 'o1' })
  services.widgetPort.complete(services.widgetPort.view(relink)!, { integration: 'gusto' })
  t.equal(seen[1]!.isRelink, true)

  const created = services.accounts.createComplete(services.tenants.authenticate('Bearer key-a'), { category: 'ats', endUserOriginId: 'o9' })
  t.equal(seen[2]!.id, created.id, 'accounts created by the control API are linked too')
})

t.test('account:deleted listeners run inside the deletion; a throwing one keeps the account', async (t) => {
  const { app } = await makeApp(t)
  const services = app.unified
  const c = new Client(app, 'key-a')
  const { accountToken, accountId } = await c.link('hris', 'o1')
  const acct = c.withAccount(accountToken)
  t.equal((await acct.post('/api/hris/v1/delete-account')).statusCode, 200, 'the app\'s own listeners let a deletion through')
  const deleted: string[] = []
  let fail = true
  const unsubscribe = services.events.on('account:deleted', (e) => {
    if (fail) throw new Error('cleanup failed')
    deleted.push(e.account.id)
  })
  const again = await c.link('hris', 'o1')
  const tenant = services.tenants.authenticate('Bearer key-a')
  const account = services.accounts.admit(services.accounts.identify(tenant, again.accountToken), 'hris')
  t.throws(() => { services.accounts.delete(account) }, /cleanup failed/)
  t.equal((await c.withAccount(again.accountToken).get('/api/hris/v1/account-details')).statusCode, 200, 'still there')
  t.equal((await c.get('/_unimock/events')).json().results.filter((e: { event: string }) => e.event === 'LinkedAccount.deleted').length, 1,
    'the failed deletion recorded no event')
  fail = false
  services.accounts.delete(account)
  t.same(deleted, [account.id])
  t.not(account.id, accountId)
  unsubscribe()
  const third = await c.link('hris', 'o1')
  t.equal((await c.withAccount(third.accountToken).post('/api/hris/v1/delete-account')).statusCode, 200)
  t.same(deleted, [account.id], 'an unsubscribed listener hears nothing more')
})

t.test('the auth hooks serve other domains\' routes, including the /{category}/v1 alias', async (t) => {
  const app = buildApp({ clock: 'virtual', logLevel: 'silent' }, { clock: new VirtualClock(START) })
  t.teardown(() => app.close())
  const services = app.unified
  void app.register(async (api) => {
    api.get('/hris/v1/probe', { onRequest: services.auth.account }, async (request) => {
      const { tenant, account } = requestAccount(request)
      return { tenant: tenant.id, account: account.id, category: account.category, slug: account.integrationSlug }
    })
    api.get('/api/ats/v1/probe', { preHandler: services.auth.tenant }, async (request) => ({ tenant: requestTenant(request).id }))
  })
  await app.ready()
  const c = new Client(app, 'key-a')
  const { accountToken, accountId } = await c.link('hris', 'o1', { integration: 'hibob' })
  const ok = await c.withAccount(accountToken).get('/hris/v1/probe')
  t.equal(ok.statusCode, 200)
  t.match(ok.json(), { account: accountId, category: 'hris', slug: 'hibob', tenant: Number })
  const missing = await c.get('/hris/v1/probe')
  t.equal(missing.statusCode, 401)
  t.same(missing.json(), { detail: 'Account Token must be passed in as an X-Account-Token header.' }, 'the alias speaks the unified dialect')
  t.match(missing.headers['content-type'], /^application\/json/)
  t.equal((await c.get('/api/ats/v1/probe')).statusCode, 200)
  t.equal((await new Client(app, undefined).get('/api/ats/v1/probe')).statusCode, 401)
})
