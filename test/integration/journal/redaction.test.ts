import t from 'tap'
import { journalSetup } from './helpers.js'

t.test('tokens, API keys and personal data never appear in clear in the journal or the report', async (t) => {
  const key = 'test_k3y-that-must-not-leak'
  const { app, api, advance, journal } = await journalSetup(t, {}, key)
  const email = 'Jane.Doe@Example-Secret.test'
  const organization = 'Secret Organisation GmbH'

  // Through the real widget: a link token in the query and the body, credentials in the body.
  const linkToken = await api.linkToken('hris', { end_user_origin_id: 'org-9_hris', end_user_email_address: email, end_user_organization_name: organization })
  const session = await app.inject({ method: 'GET', url: `/link/api/session?link_token=${encodeURIComponent(linkToken)}` })
  t.equal(session.statusCode, 200)
  const slug = JSON.parse(session.body).integrations[0].slug as string
  const connect = await app.inject({
    method: 'POST',
    url: '/link/api/connect',
    payload: { link_token: linkToken, integration: slug, username: 'admin-user-secret', password: 'hunter2-password-secret' }
  })
  t.equal(connect.statusCode, 200)
  const publicToken = JSON.parse(connect.body).public_token as string
  // Both forms of the exchange; the second is refused (single use) and still journaled.
  const exchanged = await api.get(`/api/hris/v1/account-token/${publicToken}`)
  t.equal(exchanged.statusCode, 200)
  t.equal((await api.post('/api/mktg/v1/create-link-token', { public_token: publicToken })).statusCode, 400)
  const accountToken = exchanged.json().account_token as string
  const account = api.withAccount(accountToken)

  await advance('1h')
  await account.get(`/api/hris/v1/employees?work_email=${encodeURIComponent(email)}&first_name=Jane`)
  await api.get(`/api/hris/v1/linked-accounts?end_user_email_address=${encodeURIComponent(email)}&end_user_organization_name=${encodeURIComponent(organization)}`)
  await account.get('/api/hris/v1/account-details')
  await api.withAccount(accountToken + 'x').get('/api/hris/v1/sync-status')
  // An unknown path with tokens in it (a path segment and a query value) is journaled redacted too.
  t.equal((await api.get(`/api/hris/v1/link-tokens/${encodeURIComponent(linkToken)}?account_token=${accountToken}`)).statusCode, 404)

  const { entries } = await journal('limit=1000')
  t.equal(entries.length, 10)
  const text = JSON.stringify(entries)
  const report = (await api.get('/_unimock/report')).body
  const secrets = { key, accountToken, publicToken, linkToken, email, organization, lower: email.toLowerCase(), password: 'hunter2-password-secret', username: 'admin-user-secret' }
  for (const [name, secret] of Object.entries(secrets)) {
    t.notOk(text.includes(secret), `the journal does not hold the ${name}`)
    t.notOk(text.includes(encodeURIComponent(secret)), `the journal does not hold the ${name} URL-encoded`)
    t.notOk(report.includes(secret), `the report does not hold the ${name}`)
  }
  // What stays: fingerprints that still tie requests together.
  const employees = entries.find((e) => e.path === '/api/hris/v1/employees')
  t.match(employees.query.work_email, /^\[redacted [0-9a-f]{12}\]$/)
  const session2 = entries.find((e) => e.path === '/link/api/session')
  const connected = entries.find((e) => e.path === '/link/api/connect')
  t.equal(session2.facets.link_token_fp, connected.facets.link_token_fp, 'the same link token has the same fingerprint')
  const exchanges = entries.filter((e) => e.facets.public_token_fp !== undefined)
  t.equal(exchanges.length, 2)
  t.equal(exchanges[0].facets.public_token_fp, exchanges[1].facets.public_token_fp)
  t.equal(session2.account_id, connected.account_id)
})
