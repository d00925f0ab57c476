import { readFileSync } from 'node:fs'
import t from 'tap'
import { buildApp } from '../../src/app.js'
import { ControlClient, ControlError, type GetLinkedAccountsByIdSyncResult, type PostClockAdvanceBody } from '../../src/control-client.js'
import { controlClientSource } from '../../src/http/openapi/client-source.js'
import { startUnimock } from '../../src/server.js'

t.test('the committed client is what the control API\'s schemas generate (npm run build rewrites it)', async (t) => {
  const app = buildApp({ clock: 'virtual', logLevel: 'silent' })
  t.teardown(() => app.close())
  const doc = JSON.parse((await app.inject({ method: 'GET', url: '/openapi.json' })).body)
  const committed = readFileSync(new URL('../../src/control-client.ts', import.meta.url), 'utf8')
  t.equal(committed, controlClientSource(doc), 'src/control-client.ts is stale: run npm run build')
  const operations = Object.entries(doc.paths as Record<string, object>).filter(([p]) => p.startsWith('/_unimock/')).flatMap(([, item]) => Object.keys(item))
  t.equal((committed.match(/^ {2}(get|post|put|delete)[A-Za-z]+ \(/gm) ?? []).length, operations.length, 'a method per control operation')
  // An answer given by reference (#/components/responses/...) is typed as what it refers to.
  t.same(committed.match(/^export type \w+Result = undefined$/gm) ?? [], [], 'every control operation answers something typed')
  t.match(committed, /^export type PostLinkedAccountsResult = control_LinkedAccount$/m)
  t.match(committed, /^export type GetDefaultScopesByCategoryResult = unified_CommonModelScopeAPI$/m)
})

t.test('a test suite drives unimock through the typed client over HTTP', async (t) => {
  const server = await startUnimock()
  t.teardown(() => server.close())
  const control = new ControlClient({ baseUrl: `${server.url}/`, apiKey: 'test_control_client' })

  t.same(await control.getClock(), { now: '2026-01-01T00:00:00.000Z', mode: 'virtual' })
  t.equal((await control.getHealth()).status, 'ok')

  const account = await control.postLinkedAccounts({ category: 'hris', end_user_origin_id: 'org-typed' })
  t.equal(account.category, 'hris')
  t.equal((await control.postClockAdvance({ by: '1h' })).now, '2026-01-01T01:00:00.000Z')

  const sync: GetLinkedAccountsByIdSyncResult = await control.getLinkedAccountsByIdSync({ id: account.id })
  t.equal(sync.linked_account_id, account.id)
  t.ok(sync.sync_status.length > 0 && sync.sync_status.every((s) => s.model_id.startsWith('hris.')))

  const listed = await control.getLinkedAccounts()
  t.same(JSON.stringify(listed).includes(account.id), true, 'the account is listed for this API key')
  const other = await control.withApiKey('test_another_tenant').getLinkedAccounts()
  t.notOk(JSON.stringify(other).includes(account.id), 'another key is another tenant')

  const deliveries = await control.getWebhooksDeliveries({ state: 'failed', limit: 5 })
  t.same(deliveries.results, [], 'query parameters are sent')

  // Refusals throw ControlError with the status and the Problem body.
  const refused = await control.postClockAdvance({ by: 'soon' }).catch((error: unknown) => error)
  t.type(refused, ControlError)
  t.equal((refused as ControlError).status, 400)
  t.match((refused as ControlError).body, { detail: /soon/ })
  const missing = await control.getScenariosByRun({ run: 'no/such run' }).catch((error: unknown) => error)
  t.equal((missing as ControlError).status, 404, 'path parameters are encoded')
})

t.test('a link completed through the typed client hands a public token typed as a string, narrowed on outcome', async (t) => {
  const server = await startUnimock()
  t.teardown(() => server.close())
  const key = 'test_typed_link'
  const control = new ControlClient({ baseUrl: `${server.url}/`, apiKey: key })
  const linkToken = async (origin: string): Promise<string> => {
    const res = await fetch(`${server.url}/api/hris/v1/link-token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ end_user_email_address: 'a@b.example', end_user_organization_name: 'Org', end_user_origin_id: origin, categories: ['hris'] })
    })
    return ((await res.json()) as { link_token: string }).link_token
  }

  const done = await control.postLinkTokensByLinkTokenComplete({ link_token: await linkToken('org-typed-link') }, {})
  if (done.outcome !== 'success') throw new Error(`the link failed: ${JSON.stringify(done)}`)
  // Strict TypeScript takes these without a non-null assertion: a success's token and integration are not null.
  const publicToken: string = done.public_token
  const slug: string = done.integration.slug
  t.match(publicToken, /\S/)
  t.match(slug, /\S/)
  const exchanged = await fetch(`${server.url}/api/hris/v1/account-token/${encodeURIComponent(publicToken)}`, { headers: { authorization: `Bearer ${key}` } })
  t.equal(exchanged.status, 200)

  const left = await control.postLinkTokensByLinkTokenComplete({ link_token: await linkToken('org-typed-exit') }, { outcome: 'exit' })
  t.match(left, { outcome: 'exit', public_token: null, integration: null, is_relink: false })
  if (left.outcome === 'exit') {
    const none: null = left.public_token
    t.equal(none, null)
  }
})

t.test('the types hold what the schemas say', async (t) => {
  const body: PostClockAdvanceBody = { by: '24h' }
  t.same(body, { by: '24h' })
  // Compile-time checks (npm run typecheck): never called.
  const wrong = (control: ControlClient): unknown[] => [
    // @ts-expect-error a duration is a string
    control.postClockAdvance({ by: 24 }),
    // @ts-expect-error no such category
    control.postLinkedAccounts({ category: 'payroll', end_user_origin_id: 'x' }),
    // @ts-expect-error the path parameter is required
    control.getLinkedAccountsByIdSync({})
  ]
  t.type(wrong, 'function')
})
