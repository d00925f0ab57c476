import t from 'tap'
import { makeApp, START } from '../helpers/app.js'
import { strictProblems } from '../helpers/strict-parse.js'
import { Client } from './helpers.js'

const MIN = 60_000
const ISO_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/

t.test('account-details has every field of the spec at the top level', async (t) => {
  const { app, clock } = await makeApp(t)
  const c = new Client(app, 'key-a')
  const linkToken = await c.linkToken('accounting', { end_user_origin_id: 'org1_accounting', end_user_organization_name: 'Org One', end_user_email_address: 'cfo@org1.example' })
  await clock.advanceBy(2 * MIN)
  const done = await c.complete(linkToken, { integration: 'xero' })
  const token = (await c.get(`/api/accounting/v1/account-token/${done.json().public_token}`)).json().account_token
  const res = await c.withAccount(token).get('/api/accounting/v1/account-details')
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /^application\/json/)
  const d = res.json()
  t.same(Object.keys(d).sort(), ['account_type', 'category', 'completed_at', 'end_user_email_address', 'end_user_organization_name',
    'end_user_origin_id', 'id', 'integration', 'integration_slug', 'is_duplicate', 'status', 'webhook_listener_url'])
  t.match(d, {
    id: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    integration: 'Xero',
    integration_slug: 'xero',
    category: 'accounting',
    end_user_origin_id: 'org1_accounting',
    end_user_organization_name: 'Org One',
    end_user_email_address: 'cfo@org1.example',
    status: 'COMPLETE',
    is_duplicate: null,
    account_type: 'PRODUCTION',
    completed_at: new Date(START + 2 * MIN).toISOString()
  })
  t.match(d.completed_at, ISO_Z)
  t.match(d.webhook_listener_url, /^http:\/\/localhost(:\d+)?\/api\/integrations\/webhook-listener\/[\w-]+$/)

  const sparse = await c.link('hris', 'bare')
  const s = (await c.withAccount(sparse.accountToken).get('/api/hris/v1/account-details')).json()
  t.equal(s.end_user_email_address, null, 'absent values are null, not missing or ""')
  t.equal(s.end_user_organization_name, null)
})

t.test('delete-account: POST answers 200 with an empty body; the token is dead afterwards; DELETE is a 405', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  const { accountToken } = await c.link('filestorage', 'org1_fs')
  const acct = c.withAccount(accountToken)

  const wrongMethod = await acct.request('DELETE', '/api/filestorage/v1/delete-account')
  t.equal(wrongMethod.statusCode, 405)
  t.equal(wrongMethod.headers.allow, 'POST, OPTIONS')
  t.same(wrongMethod.json(), { detail: 'Method "DELETE" not allowed. Allowed: POST, OPTIONS.' })
  t.equal((await acct.get('/api/filestorage/v1/account-details')).statusCode, 200, 'the 405 deleted nothing')

  const res = await acct.post('/api/filestorage/v1/delete-account')
  t.equal(res.statusCode, 200)
  t.equal(res.body, '', 'empty body')
  const again = await acct.get('/api/filestorage/v1/account-details')
  t.equal(again.statusCode, 401)
  t.match(again.json(), { detail: /deleted/ })
  t.equal((await acct.post('/api/filestorage/v1/delete-account')).statusCode, 401)
  t.same((await c.get('/api/filestorage/v1/linked-accounts')).json().results, [])
  const events = (await c.get('/_unimock/events')).json().results
  t.same(events.map((e: any) => e.event), ['LinkedAccount.linked', 'LinkedAccount.deleted'], 'the deletion is in the outbox for webhooks')

  const relinked = await c.link('filestorage', 'org1_fs')
  t.not(relinked.accountToken, accountToken, 'the origin id can be linked again, as a new account')

  const withJsonHeader = await app.inject({
    method: 'POST',
    url: '/api/filestorage/v1/delete-account',
    headers: { authorization: 'Bearer key-a', 'x-account-token': relinked.accountToken, 'content-type': 'application/json' }
  })
  t.equal(withJsonHeader.statusCode, 200, 'an empty JSON body is fine, as in the real service')
})

t.test('linked-accounts: the real filters, every category from any category path', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  const a = await c.link('hris', 'org1', { end_user_email_address: 'a@x.example', end_user_organization_name: 'Org A', integration: 'gusto' })
  const b = await c.link('ats', 'org1', { end_user_email_address: 'b@x.example' })
  await c.linkToken('hris', { end_user_origin_id: 'org2' })
  const d = await c.link('crm', 'org3')
  await c.post(`/_unimock/linked-accounts/${d.accountId}/relink-needed`)

  const ids = async (query: string): Promise<string[]> => {
    const res = await c.get(`/api/ats/v1/linked-accounts${query}`)
    t.equal(res.statusCode, 200, query)
    return res.json().results.map((x: any) => x.end_user_origin_id + ':' + x.category)
  }
  t.same(await ids(''), ['org1:hris', 'org1:ats', 'org2:hris', 'org3:crm'], 'creation order, all categories')
  t.same(await ids('?category=hris'), ['org1:hris', 'org2:hris'])
  t.same(await ids('?end_user_origin_id=org1'), ['org1:hris', 'org1:ats'])
  t.same(await ids('?end_user_origin_ids=org2,org3'), ['org2:hris', 'org3:crm'])
  t.same(await ids('?status=INCOMPLETE'), ['org2:hris'])
  t.same(await ids('?status=RELINK_NEEDED'), ['org3:crm'])
  t.same(await ids('?status=COMPLETE&category=hris'), ['org1:hris'])
  t.same(await ids(`?id=${b.accountId}`), ['org1:ats'])
  t.same(await ids(`?ids=${a.accountId},${d.accountId}`), ['org1:hris', 'org3:crm'])
  t.same(await ids('?end_user_email_address=a@x.example'), ['org1:hris'])
  t.same(await ids('?end_user_organization_name=Org%20A'), ['org1:hris'])
  t.same(await ids('?integration_name=Gusto'), ['org1:hris'])
  t.same(await ids('?is_test_account=true'), [], 'a production key has no test accounts')
  t.same(await ids('?is_test_account=false'), ['org1:hris', 'org1:ats', 'org2:hris', 'org3:crm'])

  const item = (await c.get(`/api/hris/v1/linked-accounts?id=${a.accountId}`)).json().results[0]
  t.match(item, {
    id: a.accountId,
    category: 'hris',
    status: 'COMPLETE',
    end_user_origin_id: 'org1',
    end_user_organization_name: 'Org A',
    end_user_email_address: 'a@x.example',
    is_duplicate: null,
    account_type: 'PRODUCTION',
    completed_at: ISO_Z,
    integration: { name: 'Gusto', slug: 'gusto', categories: ['hris'], color: String, image: /^https:/, square_image: /^https:/, passthrough_available: false },
    integration_specific_fields: {}
  })
  t.match(item.webhook_listener_url, /^http:\/\//)
  const incompletePage = (await c.get('/api/hris/v1/linked-accounts?status=INCOMPLETE')).json()
  // Both official clients require a date here: an incomplete account lists when its link attempt began.
  t.match(incompletePage.results[0], { status: 'INCOMPLETE', integration: null, completed_at: ISO_Z })
  t.same(strictProblems('hris.PaginatedAccountDetailsAndActionsList', incompletePage), [], 'a strict client parses the incomplete account')
  t.same(strictProblems('hris.PaginatedAccountDetailsAndActionsList', (await c.get('/api/hris/v1/linked-accounts')).json()), [], 'and every page')

  for (const [query, message] of [['?status=DONE', /status: "DONE" is not one of COMPLETE, INCOMPLETE, RELINK_NEEDED, IDLE/], ['?category=payroll', /category: "payroll"/]] as const) {
    const res = await c.get(`/api/hris/v1/linked-accounts${query}`)
    t.equal(res.statusCode, 400)
    t.match(res.json(), { detail: message })
  }
})

t.test('linked-accounts: test keys see their accounts with is_test_account, as the real parameter documents', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'test_ci')
  await c.link('hris', 'o1')
  t.same((await c.get('/api/hris/v1/linked-accounts')).json().results, [], 'without the parameter: only non-test accounts')
  for (const value of ['true', 'True', '1', '']) {
    const res = (await c.get(`/api/hris/v1/linked-accounts?is_test_account=${value}`)).json().results
    t.equal(res.length, 1, `is_test_account=${value}`)
    t.equal(res[0].account_type, 'TEST')
  }
})

t.test('linked-accounts pagination: opaque cursors forward and back, page_size default 30, capped at 100', async (t) => {
  const { app } = await makeApp(t)
  const c = new Client(app, 'key-a')
  for (let i = 0; i < 105; i++) {
    const res = await c.post('/_unimock/linked-accounts', { category: 'hris', end_user_origin_id: `o${String(i).padStart(3, '0')}` })
    t.equal(res.statusCode, 201)
  }
  const first = (await c.get('/api/hris/v1/linked-accounts')).json()
  t.equal(first.results.length, 30, 'default page size 30')
  t.equal(first.previous, null)
  t.type(first.next, 'string')
  t.notMatch(first.next, /^https?:/, 'a cursor, not a URL')

  const capped = (await c.get('/api/hris/v1/linked-accounts?page_size=1000')).json()
  t.equal(capped.results.length, 100, 'page_size above 100 is capped')
  const rest = (await c.get(`/api/hris/v1/linked-accounts?page_size=1000&cursor=${encodeURIComponent(capped.next)}`)).json()
  t.equal(rest.results.length, 5)
  t.equal(rest.next, null)

  const seen: string[] = []
  let page = (await c.get('/api/hris/v1/linked-accounts?page_size=40')).json()
  const pages = [page]
  seen.push(...page.results.map((r: any) => r.end_user_origin_id))
  while (page.next !== null) {
    page = (await c.get(`/api/hris/v1/linked-accounts?page_size=40&cursor=${encodeURIComponent(page.next)}`)).json()
    pages.push(page)
    seen.push(...page.results.map((r: any) => r.end_user_origin_id))
  }
  t.equal(pages.length, 3)
  t.same(seen, Array.from({ length: 105 }, (_, i) => `o${String(i).padStart(3, '0')}`), 'every account once, in order')
  const back = (await c.get(`/api/hris/v1/linked-accounts?page_size=40&cursor=${encodeURIComponent(pages[2].previous)}`)).json()
  t.same(back.results.map((r: any) => r.end_user_origin_id), pages[1].results.map((r: any) => r.end_user_origin_id), 'previous leads back')
  t.equal(back.next, pages[1].next)
  t.equal(back.previous, pages[1].previous)
  const backAgain = (await c.get(`/api/hris/v1/linked-accounts?page_size=40&cursor=${encodeURIComponent(back.previous)}`)).json()
  t.same(backAgain.results, pages[0].results)
  t.equal(backAgain.previous, null, 'the first page has no previous')

  const filtered = (await c.get('/api/hris/v1/linked-accounts?page_size=2&end_user_origin_ids=o001,o050,o104')).json()
  t.equal(filtered.results.length, 2)
  const filteredRest = (await c.get(`/api/hris/v1/linked-accounts?page_size=2&end_user_origin_ids=o001,o050,o104&cursor=${filtered.next}`)).json()
  t.same(filteredRest.results.map((r: any) => r.end_user_origin_id), ['o104'])
  t.equal(filteredRest.next, null)

  for (const bad of ['0', '-1', 'abc', '1.5', '']) {
    const res = await c.get(`/api/hris/v1/linked-accounts?page_size=${bad}`)
    t.equal(res.statusCode, 400, `page_size=${bad}`)
    t.match(res.json(), { detail: /page_size/ })
  }
  for (const bad of ['garbage!', Buffer.from('p=').toString('base64url'), Buffer.from('p=1&r=2').toString('base64url'), Buffer.from('p=abc').toString('base64url'), Buffer.from('q=1').toString('base64url')]) {
    const res = await c.get(`/api/hris/v1/linked-accounts?cursor=${encodeURIComponent(bad)}`)
    t.equal(res.statusCode, 400, `cursor ${bad}`)
    t.match(res.json(), { detail: /^Invalid cursor/ })
  }
})
