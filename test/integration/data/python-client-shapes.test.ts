import { readFileSync } from 'node:fs'
import t, { type Test } from 'tap'
import { dataAccount, dataApp } from './helpers.js'

/**
 * The official Python client reads calendar, chat and email; its source is not on the npm registry, so this
 * checks what it would parse, by its rules as the facts describe them: every answer a JSON object (pages with
 * next, previous and results), and each record with the fields of its model in the catalogue derived from the
 * facts' models.json, each of the type its `sdk_type` names (dates in ISO 8601, lists, objects when expanded,
 * enums as strings) and null only where the model allows it. No per-model code: the catalogue drives it.
 */

interface RawField { type?: string, nullable?: boolean | 'unknown', sdk_type?: string, expandable_to?: string, in_sdk?: boolean }
interface RawModel { segment: string, retrieve: boolean, list_path?: string, expand_values: string[], fields: Record<string, RawField> }
const fixture = JSON.parse(readFileSync(new URL('../../../fixtures/unified-models.json', import.meta.url), 'utf8')) as
  { categories: Record<string, { models: Record<string, RawModel>, nested_lists?: Array<{ path: string, model: string }> }> }

const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2}))?$/

/** What is wrong with one value by the Python type the client declares, or undefined. */
function problem (field: RawField, value: unknown, expanded: boolean): string | undefined {
  if (value === null) return field.nullable === false ? 'null where the model has no null' : undefined
  const sdk = field.sdk_type ?? ''
  if (sdk === 'unknown' || sdk === '' || sdk === 'record' || sdk.startsWith('Model:')) return typeof value === 'object' || sdk === 'unknown' ? undefined : 'not an object'
  if (sdk.startsWith('list<')) {
    if (!Array.isArray(value)) return 'not a list'
    const item = sdk.slice(5, -1)
    const bad = value.find((v) => item === 'date' ? typeof v !== 'string' || !ISO.test(v) : item.startsWith('Model:') ? typeof v !== 'object' : typeof v !== 'string' && !(expanded && typeof v === 'object'))
    return bad === undefined ? undefined : `list item ${JSON.stringify(bad)} is not a ${item}`
  }
  if (sdk === 'date') return typeof value === 'string' && ISO.test(value) ? undefined : `${JSON.stringify(value)} is not an ISO 8601 date-time`
  if (sdk === 'boolean') return typeof value === 'boolean' ? undefined : 'not a boolean'
  if (sdk === 'integer' || sdk === 'number') return typeof value === 'number' ? undefined : 'not a number'
  if (sdk.startsWith('enum(') || sdk === 'string' || sdk.startsWith('string|')) return typeof value === 'string' || (expanded && typeof value === 'object') ? undefined : 'not a string'
  return undefined
}

function check (t: Test, where: string, model: RawModel, record: Record<string, unknown>, expand: readonly string[]): void {
  const served = Object.entries(model.fields).filter(([, f]) => f.in_sdk !== false)
  const problems: string[] = []
  for (const [name, field] of served) {
    if (!(name in record)) { problems.push(`${name} missing`); continue }
    const p = problem(field, record[name], expand.includes(name))
    if (p !== undefined) problems.push(`${name}: ${p}`)
  }
  for (const key of Object.keys(record)) if (!(key in model.fields)) problems.push(`${key} is not a field of the model`)
  t.same(problems, [], `${where}: ${String(record.id)}`)
}

function pageProblems (body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'not a JSON object'
  const page = body as Record<string, unknown>
  if (!('next' in page) || !('previous' in page) || !Array.isArray(page.results)) return 'not a page of next, previous, results'
  return undefined
}

t.test('every record of calendar, chat and email parses as the Python client reads it', async (t) => {
  const { app } = await dataApp(t)
  for (const category of ['calendar', 'chat', 'email']) {
    const { models, nested_lists: nested = [] } = fixture.categories[category]!
    const account = await dataAccount(app, category)
    await account.syncPass()
    const read = async (path: string, model: RawModel, expand: readonly string[]) => {
      const res = await account.api.get(path)
      t.equal(res.statusCode, 200, path)
      const page = res.json()
      t.equal(pageProblems(page), undefined, `${path} is a page`)
      t.ok(page.results.length > 0, `${path} has records`)
      for (const record of page.results) check(t, path, model, record, expand)
      return page.results as Array<Record<string, unknown>>
    }
    for (const model of Object.values(models)) {
      if (model.list_path !== undefined) continue
      const base = `/api/${category}/v1/${model.segment}`
      const [first] = await read(`${base}?page_size=100&include_remote_data=true`, model, [])
      if (model.expand_values.length > 0) await read(`${base}?page_size=100&expand=${model.expand_values.join(',')}`, model, model.expand_values)
      if (model.retrieve && first !== undefined) {
        const one = await account.api.get(`${base}/${String(first.id)}?expand=${model.expand_values.join(',')}`)
        t.equal(one.statusCode, 200)
        check(t, `${base}/{id}`, model, one.json(), model.expand_values)
      }
    }
    for (const list of nested) {
      const [parentSegment, , tail] = list.path.split('/') as [string, string, string]
      const parents = (await account.api.get(`/api/${category}/v1/${parentSegment}?page_size=50`)).json().results as Array<{ id: string }>
      const model = models[list.model]!
      let seen = 0
      for (const parent of parents) {
        const page = (await account.api.get(`/api/${category}/v1/${parentSegment}/${parent.id}/${tail}?expand=${model.expand_values.join(',')}`)).json()
        t.equal(pageProblems(page), undefined)
        for (const record of page.results) { check(t, list.path, model, record, model.expand_values); seen++ }
      }
      t.ok(seen > 0, `${category} ${list.path}: items seen under ${parents.length} parents`)
    }
  }
})
