import t, { type Test } from 'tap'
import { MergeClient, MergeError } from '@mergeapi/merge-node-client'
import { startUnimock, type RunningUnimock } from '../../src/server.js'

/** The official Node client, pointed at a real unimock server with only its base URL changed. */

async function completeLink (server: RunningUnimock, apiKey: string, linkToken: string, body: Record<string, unknown> = {}): Promise<string> {
  const res = await fetch(`${server.url}/_unimock/link-tokens/${encodeURIComponent(linkToken)}/complete`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })
  const json = await res.json() as { public_token: string }
  return json.public_token
}

async function rejection (t: Test, promise: Promise<unknown>): Promise<MergeError> {
  try {
    await promise
  } catch (error) {
    t.type(error, MergeError)
    return error as MergeError
  }
  t.fail('expected the client to throw')
  throw new Error('unreachable')
}

t.test('link token, account token, account details and delete account through @mergeapi/merge-node-client', async (t) => {
  const server = await startUnimock()
  t.teardown(() => server.close())
  const apiKey = 'test_sdk_key'
  const merge = new MergeClient({ apiKey, baseUrl: `${server.url}/api` })

  const link = await merge.hris.linkToken.create({
    endUserEmailAddress: 'it@northwind.example',
    endUserOrganizationName: 'Northwind',
    endUserOriginId: 'northwind_hris',
    categories: ['hris'],
    integration: 'bamboohr'
  })
  t.type(link.linkToken, 'string')
  t.equal(link.integrationName, 'BambooHR')
  t.equal(link.magicLinkUrl, undefined, 'null becomes undefined in the client')

  const publicToken = await completeLink(server, apiKey, link.linkToken)
  const exchanged = await merge.hris.accountToken.retrieve(publicToken)
  t.type(exchanged.accountToken, 'string')
  t.type(exchanged.id, 'string')
  t.match(exchanged.integration, { name: 'BambooHR', slug: 'bamboohr', categories: ['hris'], color: String, image: /^https:/, squareImage: /^https:/ })

  const reuse = await rejection(t, merge.hris.accountToken.retrieve(publicToken, { maxRetries: 0 }))
  t.equal(reuse.statusCode, 400)
  t.match(reuse.body, { detail: /already exchanged/ })

  const account = new MergeClient({ apiKey, accountToken: exchanged.accountToken, baseUrl: `${server.url}/api` })
  const details = await account.hris.accountDetails.retrieve()
  t.match(details, {
    id: exchanged.id,
    integration: 'BambooHR',
    integrationSlug: 'bamboohr',
    category: 'hris',
    endUserOriginId: 'northwind_hris',
    endUserOrganizationName: 'Northwind',
    endUserEmailAddress: 'it@northwind.example',
    status: 'COMPLETE',
    accountType: 'TEST'
  })
  t.type(details.completedAt, Date, 'completed_at parses as a date')
  t.equal(details.completedAt?.toISOString(), '2026-01-01T00:00:00.000Z')
  t.match(details.webhookListenerUrl, new RegExp(`^${server.url}/api/integrations/webhook-listener/`))
  t.equal(details.isDuplicate, undefined)

  const page = await merge.hris.linkedAccounts.list({ isTestAccount: 'true', endUserOriginId: 'northwind_hris' })
  t.same(page.data.map((a) => [a.id, a.status, a.integration?.slug]), [[exchanged.id, 'COMPLETE', 'bamboohr']])
  t.equal(page.hasNextPage(), false)

  // A client configured with an account token sends it on link-token calls too; they must not fail.
  const relink = await account.hris.linkToken.create({ endUserEmailAddress: 'x@y.example', endUserOrganizationName: 'Northwind', endUserOriginId: 'northwind_hris', categories: ['hris'] })
  t.equal(relink.integrationName, 'BambooHR', 'a relink of the existing account')

  const deleted = await account.hris.deleteAccount.delete()
  t.equal(deleted, undefined)
  const after = await rejection(t, account.hris.accountDetails.retrieve({ maxRetries: 0 }))
  t.equal(after.statusCode, 401)
  t.match(after.body, { detail: /deleted/ })
})

t.test('the client pages through linked accounts with the opaque cursors', async (t) => {
  const server = await startUnimock()
  t.teardown(() => server.close())
  const apiKey = 'prod_key'
  for (let i = 0; i < 7; i++) {
    await fetch(`${server.url}/_unimock/linked-accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ category: 'ats', end_user_origin_id: `o${i}` })
    })
  }
  const merge = new MergeClient({ apiKey, baseUrl: `${server.url}/api` })
  const seen: string[] = []
  for await (const item of await merge.ats.linkedAccounts.list({ pageSize: 3 })) seen.push(item.endUserOriginId ?? '')
  t.same(seen, ['o0', 'o1', 'o2', 'o3', 'o4', 'o5', 'o6'])
})

t.test('errors reach the client as MergeError with the {"detail"} body', async (t) => {
  const server = await startUnimock({ apiKeys: ['good-key'] })
  t.teardown(() => server.close())
  const bad = new MergeClient({ apiKey: 'bad-key', baseUrl: `${server.url}/api`, maxRetries: 0 })
  const unknownKey = await rejection(t, bad.crm.linkToken.create({ endUserEmailAddress: 'a@b.example', endUserOrganizationName: 'B', endUserOriginId: 'b', categories: ['crm'] }))
  t.equal(unknownKey.statusCode, 401)
  t.match(unknownKey.body, { detail: /Invalid API key/ })

  const good = new MergeClient({ apiKey: 'good-key', baseUrl: `${server.url}/api`, maxRetries: 0 })
  const noAccount = await rejection(t, good.crm.accountDetails.retrieve())
  t.equal(noAccount.statusCode, 401)
  t.same(noAccount.body, { detail: 'Account Token must be passed in as an X-Account-Token header.' })

  const wrongIntegration = await rejection(t, good.crm.linkToken.create({ endUserEmailAddress: 'a@b.example', endUserOrganizationName: 'B', endUserOriginId: 'b', categories: ['crm'], integration: 'workday' }))
  t.equal(wrongIntegration.statusCode, 400)
  t.match(wrongIntegration.body, { detail: /"workday" is not an integration of the crm category/ })
})
