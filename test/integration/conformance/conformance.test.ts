import { readFileSync, writeFileSync } from 'node:fs'
import t from 'tap'
import { MergeClient } from '@mergeapi/merge-node-client'
import { clientMethods, type ClientMethod } from '../../helpers/client-methods.js'
import { injectFetch, type RawAnswer } from '../../helpers/inject-fetch.js'
import { strictProblems } from '../../helpers/strict-parse.js'
import { type MetaSchema, segmentOf, WriteBodies } from '../../helpers/write-bodies.js'
import { dataAccount, dataApp } from '../data/helpers.js'
import { Client } from '../helpers.js'

/**
 * Conformance: every method of the official Node client pinned in package.json, found by walking the client,
 * is called against unimock with plausible arguments and must answer 2xx with a raw body that the client's
 * own serializer parses in strict mode. Methods of a family another open issue adds are listed in
 * expected-failures.json under that family; a listed method that conforms must leave the list, so the list
 * only shrinks, to empty when every family has landed.
 */

const KEY = 'test-key'
const BASE = 'http://unimock.test/api'
const expected = JSON.parse(readFileSync(new URL('./expected-failures.json', import.meta.url), 'utf8')) as Record<string, string[]>
const expectedFamily = new Map(Object.entries(expected).flatMap(([family, names]) => names.map((name) => [name, family] as const)))

/** A common model of each category, for a webhook receiver's `<model>.<action>` event and a field mapping. */
const RECEIVER_MODEL: Record<string, string> = { hris: 'employee', ats: 'candidate', crm: 'contact', accounting: 'invoice', ticketing: 'ticket', filestorage: 'file' }
const capitalized = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)

/** Bodies for the methods whose request is more than an empty object; keyed by `resource.method`. */
function requestFor (m: ClientMethod): Record<string, unknown> {
  const key = `${m.resource}.${m.method}`
  switch (key) {
    case 'linkToken.create':
      return { endUserEmailAddress: 'it@conformance.example', endUserOrganizationName: 'Conformance', endUserOriginId: `conformance-${m.category}`, categories: [m.category] }
    case 'generateKey.create':
      // Names are organization-wide: each category's call generates its own.
      return { name: `conformance key ${m.category}` }
    case 'regenerateKey.create':
      return { name: `conformance key ${m.category}` }
    case 'webhookReceivers.create':
      return { event: `${RECEIVER_MODEL[m.category] ?? 'contact'}.updated`, isActive: true }
    case 'scopes.linkedAccountScopesCreate':
      return { commonModels: [] }
    case 'passthrough.create':
    case 'asyncPassthrough.create':
      return { method: 'GET', path: '/' }
    case 'fieldMapping.fieldMappingsCreate':
      return { targetFieldName: 'conformance_field', targetFieldDescription: 'conformance', remoteFieldTraversalPath: ['cf_region'], remoteMethod: 'GET', remoteUrlPath: '/', commonModelName: capitalized(RECEIVER_MODEL[m.category] ?? 'contact') }
    case 'tickets.liveSearchRetrieve':
      return { name: 'a' }
  }
  if (m.method === 'ignoreCreate') return { reason: 'GENERAL_CUSTOMER_REQUEST' }
  // ATS writes name the user who makes them.
  if (/create|update/i.test(m.method) && m.httpMethod !== 'GET') return m.category === 'ats' ? { model: {}, remoteUserId: 'conformance-user' } : { model: {} }
  return {}
}

/** Methods that end or rotate the account they run on get an account of their own. */
const DISPOSABLE = new Set(['deleteAccount.delete', 'accountToken.regenerateCreate'])

interface Outcome { method: ClientMethod, problems: string[] }

t.test('every method of the official Node client answers 2xx with a body its serializer parses strictly', async (t) => {
  const { app, clock } = await dataApp(t)
  const methods = clientMethods()
  const categories = [...new Set(methods.map((m) => m.category))]
  const tokens = new Map<string, string>()
  for (const category of categories) {
    const account = await dataAccount(app, category, KEY)
    tokens.set(category, account.api.accountToken ?? '')
  }
  // An account whose credentials stopped working: the organization has an issue to list and retrieve.
  const broken = await dataAccount(app, 'hris', KEY, { sync: false })
  await broken.control.post(`/_unimock/linked-accounts/${broken.id}/relink-needed`)
  let last: RawAnswer | undefined
  const fetch = injectFetch(app, (answer) => { last = answer })
  const clients = new Map(categories.map((c) => [c, new MergeClient({ apiKey: KEY, accountToken: tokens.get(c), baseUrl: BASE, fetch, maxRetries: 0 })]))

  // The first id each concrete collection path listed, to give the methods that need one a real one.
  const idsByPath = new Map<string, string>()
  const idFor = (concretePrefix: string): string => {
    const segments = concretePrefix.split('/')
    while (segments.length > 2) {
      const id = idsByPath.get(segments.join('/'))
      if (id !== undefined) return id
      segments.pop()
    }
    return '00000000-0000-4000-8000-000000000000'
  }
  const publicTokenFor = async (category: string): Promise<string> => {
    const control = new Client(app, KEY)
    const done = await control.complete(await control.linkToken(category, { end_user_origin_id: `conformance-public-${category}` }))
    return (done.json() as { public_token: string }).public_token
  }
  const disposableToken = async (category: string): Promise<string> => (await dataAccount(app, category, KEY, { sync: false })).api.accountToken ?? ''

  // Write bodies as an integrator builds them: the catalogue's and the integration's required fields, real ids.
  const control = new Client(app, KEY)
  const firstIds = new Map<string, string | undefined>()
  const bodies = new WriteBodies({
    idOf: async (modelId) => {
      if (!firstIds.has(modelId)) {
        const [category] = modelId.split('.')
        const listed = await control.withAccount(tokens.get(category!) ?? '').get(`/api/${category!}/v1/${segmentOf(modelId) ?? ''}?page_size=1`)
        firstIds.set(modelId, (listed.json() as { results?: Array<{ id: string }> }).results?.[0]?.id)
      }
      return firstIds.get(modelId)
    },
    metaModel: async (category, segment) => {
      const meta = await control.withAccount(tokens.get(category) ?? '').get(`/api/${category}/v1/${segment}/meta/post`)
      return (meta.json() as { request_schema?: { properties?: { model?: MetaSchema } } }).request_schema?.properties?.model
    },
    remoteField: async (category, segment) => {
      const classes = await control.withAccount(tokens.get(category) ?? '').get(`/api/${category}/v1/${segment}/remote-field-classes?page_size=10`)
      // A text field takes any string; a field with choices takes the first.
      const c = (classes.json() as { results?: Array<{ id: string, field_type: string, field_choices: Array<string | { value: string }> }> }).results?.find((r) => r.field_type === 'string')
      if (c === undefined) return undefined
      const choice = c.field_choices[0]
      const value = choice === undefined ? 'Conformance' : typeof choice === 'string' ? choice : choice.value
      return { remoteFieldClass: c.id, value: category === 'accounting' ? { value } : value }
    }
  })
  // An async task, through the accounting beta's documented route (the client has no method for it).
  const task = await control.withAccount(tokens.get('accounting') ?? '').post('/api/accounting/v1/items/async', { model: { name: 'Conformance', unit_price: 1 } })
  idsByPath.set('accounting/v1/async-tasks', (task.json() as { task_id: string }).task_id)
  // Addresses and phone numbers have no list: their ids are those a Contact lists when not expanded.
  const contacts = (await control.withAccount(tokens.get('accounting') ?? '').get('/api/accounting/v1/contacts?page_size=20')).json() as { results: Array<{ addresses: string[], phone_numbers: string[] }> }
  const listing = contacts.results.find((c) => c.addresses.length > 0 && c.phone_numbers.length > 0)
  if (listing !== undefined) {
    idsByPath.set('accounting/v1/addresses', listing.addresses[0]!)
    idsByPath.set('accounting/v1/phone-numbers', listing.phone_numbers[0]!)
  }
  /** What a POST answered that a later method names in its path. */
  const keepCreated = (concrete: string, body: unknown): void => {
    const b = body as { batch_id?: unknown, async_passthrough_receipt_id?: unknown, model?: { id?: unknown } } | null
    const id = b?.batch_id ?? b?.async_passthrough_receipt_id ?? b?.model?.id
    if (typeof id === 'string') idsByPath.set(concrete, id)
  }

  // Custom objects and association types: bodies from the class's own meta/post, as an integrator reads it.
  const crm = (): Client => control.withAccount(tokens.get('crm') ?? '')
  const classBody = async (concrete: string): Promise<Record<string, unknown> | undefined> => {
    const found = /custom-object-classes\/([^/]+)\/(custom-objects|association-types)$/.exec(concrete)
    if (found === null) return undefined
    const classId = found[1]!
    if (found[2] === 'association-types') {
      const self = { id: classId, originType: 'CUSTOM_OBJECT' }
      return { model: { sourceObjectClass: self, targetObjectClasses: [self], remoteKeyName: 'conformance_association' } }
    }
    const meta = (await crm().get(`/api/crm/v1/custom-object-classes/${classId}/custom-objects/meta/post`)).json() as { request_schema: { properties: { model: { properties: { fields: { properties: Record<string, { type: string, format?: string }> } } } } } }
    const sample = (f: { type: string, format?: string }): unknown =>
      f.type === 'number' ? 1 : f.type === 'boolean' ? true : f.type === 'array' ? [] : f.format === 'date' ? '2026-02-03' : f.format === 'date-time' ? '2026-02-03T04:05:06Z' : 'Conformance'
    return { model: { fields: Object.fromEntries(Object.entries(meta.request_schema.properties.model.properties.fields.properties).map(([k, f]) => [k, sample(f)])) } }
  }
  /** PUT .../associations/{target_class_id}/{target_object_id}/{association_type_id}: along the source class's first association type. */
  const associationTarget = async (concrete: string, param: string): Promise<string> => {
    const sourceClass = /custom-object-classes\/([^/]+)/.exec(concrete)![1]!
    const type = ((await crm().get(`/api/crm/v1/custom-object-classes/${sourceClass}/association-types`)).json() as { results: Array<{ id: string, target_object_classes: Array<{ id: string }> }> }).results[0]!
    const targetClass = type.target_object_classes[0]!.id
    if (param === 'target_class_id') return targetClass
    if (param === 'association_type_id') return type.id
    return ((await crm().get(`/api/crm/v1/custom-object-classes/${targetClass}/custom-objects`)).json() as { results: Array<{ id: string }> }).results[0]!.id
  }

  const call = async (m: ClientMethod): Promise<string[]> => {
    const client = (clients.get(m.category) as unknown as Record<string, Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>>)[m.category]!
    let concrete = m.path
    const args: unknown[] = []
    for (const p of m.params) {
      if (m.pathParams.includes(p)) {
        const at = concrete.indexOf(`{${p}}`)
        const value = p === 'public_token'
          ? await publicTokenFor(m.category)
          : ['target_class_id', 'target_object_id', 'association_type_id'].includes(p) ? await associationTarget(concrete, p) : idFor(concrete.slice(0, at - 1))
        concrete = concrete.replace(`{${p}}`, value)
        args.push(value)
      } else if (p === 'request') {
        const body = await classBody(concrete) ?? await bodies.forMethod(m)
        args.push(body === undefined ? requestFor(m) : { ...body, ...(m.category === 'ats' ? { remoteUserId: 'conformance-user' } : {}) })
      } else if (p === 'requestOptions') {
        args.push(DISPOSABLE.has(`${m.resource}.${m.method}`) ? { accountToken: await disposableToken(m.category) } : {})
      } else {
        return [`cannot supply parameter ${p}`]
      }
    }
    // The documented polling interval of async passthrough: a receipt polled sooner answers 429.
    if (m.resource === 'asyncPassthrough' && m.method === 'retrieve') await clock.advanceBy(15_000)
    last = undefined
    try {
      await client[m.resource]![m.method]!(...args)
    } catch (error) {
      if (last === undefined) return [`threw before answering: ${(error as Error).message}`]
    }
    const answer = last as RawAnswer | undefined
    if (answer === undefined) return ['no request was made']
    if (answer.status < 200 || answer.status > 299) return [`${answer.status}: ${answer.body.slice(0, 200)}`]
    if (m.serializer === undefined) return []
    let body: unknown
    try {
      body = JSON.parse(answer.body)
    } catch {
      return [`${answer.status} with a body that is not JSON: ${answer.body.slice(0, 100)}`]
    }
    const first = (body as { results?: Array<{ id?: unknown }> } | null)?.results?.[0]?.id
    if (m.httpMethod === 'GET' && typeof first === 'string') idsByPath.set(concrete, first)
    if (m.httpMethod === 'POST') keepCreated(concrete, body)
    return strictProblems(m.serializer, body)
  }

  // Collections first (fewest path parameters, reads before writes, deletes last), so later methods find real ids.
  const rank = (m: ClientMethod): number => (m.httpMethod === 'GET' ? 0 : m.httpMethod === 'DELETE' ? 2 : 1)
  const order = [...methods].sort((a, b) => Number(a.httpMethod === 'DELETE') - Number(b.httpMethod === 'DELETE') || a.pathParams.length - b.pathParams.length || rank(a) - rank(b))
  const outcomes: Outcome[] = []
  for (const m of order) outcomes.push({ method: m, problems: await call(m) })

  const conforming = outcomes.filter((o) => o.problems.length === 0)
  t.comment(`${conforming.length} of ${outcomes.length} methods conform`)
  // UNIMOCK_CONFORMANCE_REPORT=<file> writes every failing method and its problems, to work through the list.
  const report = process.env.UNIMOCK_CONFORMANCE_REPORT
  if (report !== undefined) writeFileSync(report, JSON.stringify(Object.fromEntries(outcomes.filter((o) => o.problems.length > 0).map((o) => [o.method.name, o.problems.slice(0, 5)])), null, 1))
  const known = new Set(methods.map((m) => m.name))
  t.same([...expectedFamily.keys()].filter((name) => !known.has(name)), [], 'every expected failure names a method of the client')
  for (const o of outcomes) {
    const family = expectedFamily.get(o.method.name)
    if (o.problems.length === 0) {
      if (family !== undefined) t.fail(`${o.method.name} conforms now: remove it from "${family}" in expected-failures.json`)
    } else if (family === undefined) {
      t.fail(`${o.method.name} (${o.method.httpMethod} /api/${o.method.path}) does not conform`, { problems: o.problems.slice(0, 5) })
    }
  }
  t.equal(conforming.length + expectedFamily.size, outcomes.length, `${conforming.length} conform and ${expectedFamily.size} are expected failures of another family`)
})
