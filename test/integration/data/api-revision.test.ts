import { readFileSync } from 'node:fs'
import t from 'tap'
import { strictProblems } from '../../helpers/strict-parse.js'
import { dataAccount, dataApp } from './helpers.js'

/**
 * --api-revision: by default unimock serves what @mergeapi/merge-node-client 4.0.4 (the version package.json
 * pins) knows, so a strict client parses every record; `2026` adds the fields of the 2026 export that client
 * lacks (the facts mark them `in_sdk: false`).
 */

interface RawModel { segment: string, fields: Record<string, { in_sdk?: boolean }> }
const facts = JSON.parse(readFileSync(new URL('../../../fixtures/unified-models.json', import.meta.url), 'utf8')) as
  { categories: Record<string, { models: Record<string, RawModel> }> }
const newer = Object.entries(facts.categories).flatMap(([category, { models }]) => Object.entries(models)
  .map(([name, m]) => ({ category, name, segment: m.segment, fields: Object.entries(m.fields).filter(([, f]) => f.in_sdk === false).map(([k]) => k) }))
  .filter((m) => m.fields.length > 0))

/** The client's serializer of a model's page: `crm.PaginatedAccountList`. */
const pageSerializer = (category: string, name: string): string => `${category}.Paginated${name}List`

t.test('the facts name the fields newer than the 4.0.4 client', async (t) => {
  t.same(newer.map((m) => `${m.category}.${m.name}`).sort(),
    ['crm.Account', 'crm.Contact', 'crm.Engagement', 'crm.Lead', 'crm.Note', 'crm.Opportunity', 'crm.Task', 'crm.User', 'email.Group', 'email.User', 'filestorage.Drive'])
})

t.test('by default no record carries a field the 4.0.4 client lacks, and every page parses strictly', async (t) => {
  const { app } = await dataApp(t)
  for (const category of ['crm', 'filestorage']) {
    const account = await dataAccount(app, category)
    for (const m of newer.filter((n) => n.category === category)) {
      const page = (await account.api.get(`/api/${category}/v1/${m.segment}?page_size=5`)).json()
      t.ok(page.results.length > 0, `${m.segment} has records`)
      for (const field of m.fields) t.notOk(page.results.some((r: Record<string, unknown>) => field in r), `${m.segment} leaves out ${field}`)
      t.same(strictProblems(pageSerializer(category, m.name), page), [], `${m.segment} parses under the client's serializer in strict mode`)
    }
  }
})

t.test('--api-revision 2026 serves the newer fields too', async (t) => {
  const { app } = await dataApp(t, { apiRevision: '2026' })
  const account = await dataAccount(app, 'crm')
  const page = (await account.api.get('/api/crm/v1/accounts?page_size=5')).json()
  t.ok(page.results.every((r: Record<string, unknown>) => 'account_url' in r), 'account_url is back')
  t.match(strictProblems('crm.PaginatedAccountList', page), [/account_url: Unexpected key/], 'which a strict 4.0.4 client refuses')
  const openapi = (await app.inject({ method: 'GET', url: '/openapi.json' })).body
  t.match(openapi, /account_url/, 'the OpenAPI document describes the revision served')
})

t.test('an unknown revision is refused at start', async (t) => {
  await t.rejects(dataApp(t, { apiRevision: '2025' } as never), /apiRevision|api-revision/)
})

t.test('--api-revision and UNIMOCK_API_REVISION choose the revision; 4.0.4 by default', async (t) => {
  const { parseCli } = await import('../../../src/server.js')
  const flag = parseCli(['--api-revision', '2026'], {})
  t.equal(flag.kind === 'run' && flag.config.apiRevision, '2026')
  const env = parseCli([], { UNIMOCK_API_REVISION: '2026' })
  t.equal(env.kind === 'run' && env.config.apiRevision, '2026')
  const byDefault = parseCli([], {})
  t.equal(byDefault.kind === 'run' && byDefault.config.apiRevision, '4.0.4')
  t.throws(() => parseCli(['--api-revision', '2025'], {}), /--api-revision/)
})
