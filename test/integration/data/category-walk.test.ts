import { readFileSync } from 'node:fs'
import Ajv2020 from 'ajv/dist/2020.js'
import t from 'tap'
import { dataAccount, dataApp } from './helpers.js'

/**
 * Every operation of the categories the Python client added (calendar, chat, email), walked from the operations
 * fixture with no per-model code: each answers a 2xx whose body the schema unimock serves for it in
 * /openapi.json accepts (strictly: Ajv, every error reported), and every read the facts give include_shell_data
 * takes it.
 */

const NEW_CATEGORIES = ['calendar', 'chat', 'email']
const operations = Object.keys((JSON.parse(readFileSync(new URL('../../../fixtures/unified-operations.json', import.meta.url), 'utf8')) as { operations: Record<string, unknown> }).operations)
const models = JSON.parse(readFileSync(new URL('../../../fixtures/unified-models.json', import.meta.url), 'utf8')) as
  { categories: Record<string, { models: Record<string, { segment: string, list_path?: string, retrieve_query_params: string[] }> }> }

/** Run order: what makes an id (field mappings, async passthrough) before what uses it; the account's end last. */
const rank = (key: string): number => key.endsWith('delete-account') ? 4 : /regenerate|DELETE /.test(key) ? 3 : /\{field_mapping_id\}|\{async_passthrough_receipt_id\}/.test(key) ? 2 : key.startsWith('POST') ? 1 : 0

function bodyFor (category: string, path: string): unknown {
  const tail = path.split('/v1/')[1]!
  const first = Object.keys(models.categories[category]!.models)[0]!
  switch (tail) {
    case 'link-token': return { end_user_origin_id: 'walk', end_user_organization_name: 'Walk', end_user_email_address: 'w@example.com', categories: [category] }
    case 'passthrough': case 'async-passthrough': return { method: 'GET', path: '/walk' }
    case 'field-mappings': return { target_field_name: 'walk_field', target_field_description: 'walked', remote_field_traversal_path: ['walk'], remote_method: 'GET', remote_url_path: '/walk', common_model_name: first }
    case 'field-mappings/{field_mapping_id}': return { remote_field_traversal_path: ['walk2'] }
    case 'webhook-receivers': return { event: `${first.replace(/(?<=.)([A-Z])/g, '_$1').toLowerCase()}.updated`, is_active: true }
    case 'generate-key': case 'regenerate-key': return { name: `walk key ${category}` }
    case 'linked-account-scopes': return { common_models: [] }
    case 'target-fields': return { name: 'walk_target', common_model: first }
    case 'linked-accounts/{linked_account_id}': return { ekm_enabled: true }
    default: return undefined
  }
}

t.test('every operation of calendar, chat and email answers as the served schema says', async (t) => {
  const { app } = await dataApp(t)
  const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
  const ajv = new Ajv2020.default({ strict: false, allErrors: true, validateFormats: false })
  ajv.addSchema({ $id: 'doc', components: doc.components })
  for (const category of NEW_CATEGORIES) {
    const account = await dataAccount(app, category)
    await account.syncPass()
    const ids = new Map<string, string>([['linked_account_id', account.id]])
    const idOf = async (segment: string): Promise<string | undefined> => (await account.api.get(`/api/${category}/v1/${segment}?page_size=1`)).json().results?.[0]?.id
    for (const m of Object.values(models.categories[category]!.models)) if (m.list_path === undefined) ids.set(`${m.segment}/{id}`, (await idOf(m.segment)) ?? 'none')
    ids.set('conversation_id', (await idOf('conversations')) ?? 'none')
    ids.set('message_id', (await idOf('messages')) ?? 'none')
    let api = account.api
    const own = operations.filter((key) => key.split(' ')[1]!.startsWith(`/api/${category}/v1/`)).sort((a, b) => rank(a) - rank(b))
    t.ok(own.length >= 39, `${category}: ${own.length} operations`)
    for (const key of own) {
      const [method, template] = key.split(' ') as [string, string]
      if (template.includes('{public_token}') || template.endsWith('/issues/{id}')) continue
      let path = template.replace(/\/([a-z-]+)\/\{id\}/, (_, segment: string) => `/${segment}/${ids.get(`${segment}/{id}`)}`)
      path = path.replace(/\{(\w+)\}/g, (_, name: string) => ids.get(name) ?? 'missing')
      const payload = bodyFor(category, template.replace('/api', ''))
      const res = method === 'GET' ? await api.get(path) : method === 'POST' ? await api.post(path, payload) : await api.request(method as 'PATCH', path, payload)
      t.ok(res.statusCode >= 200 && res.statusCode < 300, `${key}: ${res.statusCode} ${res.statusCode >= 300 ? res.body.slice(0, 200) : ''}`)
      if (res.statusCode >= 300) continue
      if (template.endsWith('/field-mappings') && method === 'POST') ids.set('field_mapping_id', res.json().model?.id ?? res.json().id)
      if (template.endsWith('/account-token/regenerate')) api = account.control.withAccount(res.json().account_token)
      if (template.endsWith('/async-passthrough') && method === 'POST') ids.set('async_passthrough_receipt_id', res.json().async_passthrough_receipt_id)
      const documented = doc.paths[template]?.[method.toLowerCase()]
      t.ok(documented, `${key} is in /openapi.json`)
      const schema = documented?.responses?.[String(res.statusCode)]?.content?.['application/json']?.schema
      if (schema === undefined || res.body === '') continue
      const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')))
      t.ok(validate(res.json()), `${key}: the body matches its schema`, { errors: validate.errors?.slice(0, 5) })
    }
  }
})

t.test('include_shell_data is taken wherever the facts give it, in every category', async (t) => {
  const { app } = await dataApp(t)
  for (const [category, { models: byName }] of Object.entries(models.categories)) {
    const account = await dataAccount(app, category)
    for (const m of Object.values(byName)) {
      if (m.list_path !== undefined) continue
      const res = await account.api.get(`/api/${category}/v1/${m.segment}?include_shell_data=true&page_size=1`)
      t.equal(res.statusCode, 200, `${category} ${m.segment}?include_shell_data=true`)
      const first = res.json().results?.[0]
      if (first !== undefined && m.retrieve_query_params.includes('include_shell_data')) {
        t.equal((await account.api.get(`/api/${category}/v1/${m.segment}/${first.id}?include_shell_data=true`)).statusCode, 200, `${category} ${m.segment}/{id}?include_shell_data=true`)
      }
    }
  }
})

t.test('a page read after an account was deleted is never the deleted account\'s cached page', async (t) => {
  // The data set of the next account reuses the deleted one's rowid and its first stamps: the page cache must
  // still tell them apart (it answered the deleted calendar's calendars for the chat account's conversations).
  const { app } = await dataApp(t)
  const calendar = await dataAccount(app, 'calendar')
  await calendar.syncPass()
  t.equal((await calendar.api.get('/api/calendar/v1/calendars?page_size=2')).statusCode, 200)
  t.equal((await calendar.api.post('/api/calendar/v1/delete-account')).statusCode, 200)
  const chat = await dataAccount(app, 'chat')
  await chat.syncPass()
  const page = (await chat.api.get('/api/chat/v1/conversations?page_size=2')).json()
  t.ok(page.results.length > 0 && page.results.every((c: Record<string, unknown>) => 'members' in c && !('is_default' in c)), 'conversations, not calendars')
})
