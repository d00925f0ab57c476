import t from 'tap'
import { MergeClient } from '@mergeapi/merge-node-client'
import { injectFetch } from '../../helpers/inject-fetch.js'
import { strictProblems } from '../../helpers/strict-parse.js'
import { dataAccount, dataApp } from './helpers.js'

/**
 * Accounting addresses and phone numbers (issue #15): retrieve-only in the real service, by the ids a Contact
 * or the CompanyInfo lists them under when not expanded; the answer is the item `expand` inlines.
 */

interface Listing { id: string, addresses: unknown[], phone_numbers: unknown[] }

t.test('an id a record lists retrieves the item expand shows, for contacts and the company alike', async (t) => {
  const { app } = await dataApp(t)
  const account = await dataAccount(app, 'accounting')
  for (const segment of ['contacts', 'company-info']) {
    const plain = (await account.api.get(`/api/accounting/v1/${segment}?page_size=5`)).json().results as Listing[]
    const expanded = (await account.api.get(`/api/accounting/v1/${segment}?page_size=5&expand=addresses,phone_numbers`)).json().results as Listing[]
    t.ok(plain.some((r) => r.addresses.length > 0), `${segment} list addresses`)
    for (const [i, record] of plain.entries()) {
      for (const [field, path, type] of [['addresses', 'addresses', 'accounting.Address'], ['phone_numbers', 'phone-numbers', 'accounting.AccountingPhoneNumber']] as const) {
        for (const [j, id] of (record[field] as string[]).entries()) {
          const res = await account.api.get(`/api/accounting/v1/${path}/${id}`)
          t.equal(res.statusCode, 200, `${segment} ${field}[${j}]`)
          t.same(res.json(), (expanded[i]![field] as unknown[])[j], 'the item as expand shows it')
          t.same(strictProblems(type, res.json()), [], 'a strict client parses it')
        }
      }
    }
  }
})

t.test('ids that are no listed item are a 404 naming the id; the token is needed', async (t) => {
  const { app } = await dataApp(t)
  const account = await dataAccount(app, 'accounting')
  const other = await dataAccount(app, 'accounting')
  const contact = (await account.api.get('/api/accounting/v1/contacts?page_size=5')).json().results.find((c: Listing) => c.addresses.length > 0 && c.phone_numbers.length > 0) as Listing
  const address = contact.addresses[0] as string
  const phone = contact.phone_numbers[0] as string
  for (const [path, id, why] of [
    ['addresses', phone, 'a phone number\'s id is no address'],
    ['phone-numbers', address, 'an address\'s id is no phone number'],
    ['addresses', contact.id, 'a record\'s own id'],
    ['addresses', '00000000-0000-4000-8000-000000000000', 'a made-up id'],
    ['addresses', 'not-a-uuid', 'no UUID at all']
  ] as const) {
    const res = await account.api.get(`/api/accounting/v1/${path}/${id}`)
    t.equal(res.statusCode, 404, why)
    t.match(res.json(), { detail: new RegExp(`with id ${id}`) })
  }
  t.equal((await other.api.get(`/api/accounting/v1/addresses/${address}`)).statusCode, 404, 'another account\'s address')
  t.equal((await app.inject({ method: 'GET', url: `/api/accounting/v1/addresses/${address}`, headers: { authorization: 'Bearer test-key' } })).statusCode, 401)
  t.equal((await account.api.get(`/api/accounting/v1/addresses/${address}?include_remote_data=maybe`)).statusCode, 400, 'a boolean parameter that is none')
})

t.test('the official client retrieves them', async (t) => {
  const { app } = await dataApp(t)
  const account = await dataAccount(app, 'accounting')
  const merge = new MergeClient({ apiKey: 'test-key', accountToken: account.api.accountToken, baseUrl: 'http://unimock.test/api', fetch: injectFetch(app, () => {}), maxRetries: 0 })
  const info = (await merge.accounting.companyInfo.list()).data[0]
  const addressId = info?.addresses?.[0]
  const phoneId = info?.phoneNumbers?.[0]
  t.type(addressId, 'string')
  const address = await merge.accounting.addresses.retrieve(addressId as string, { includeRemoteData: true })
  t.ok(address.createdAt instanceof Date)
  t.ok(address.street1 !== undefined || address.city !== undefined)
  const phone = await merge.accounting.phoneNumbers.retrieve(phoneId as string)
  t.type(phone.number, 'string')
})
