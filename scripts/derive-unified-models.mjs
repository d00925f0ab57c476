#!/usr/bin/env node
/**
 * Derives fixtures/unified-models.json, the model catalogue unimock serves, from the researched facts in
 * ../shared/reference/models.json. unimock never reads ../shared at runtime: run this script again when the
 * facts change, review the diff, and commit the fixture.
 *
 *   node scripts/derive-unified-models.mjs [path/to/models.json]
 *
 * Kept: the categories fixtures/unified-categories.json lists (mktg is Beta, 2023-only, and not one of them),
 * every common model with its path segment, query parameters, expand values and typed fields, the
 * sub-objects those fields reference, and the large shared enums they use. Dropped: SDK type strings and
 * platform endpoints that other parts of unimock describe themselves.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const FIELD_KEYS = ['type', 'format', 'nullable', 'enum', 'enum_ref', 'enum_name', 'items', 'expandable_to', 'sdk_type', 'sdk_required', 'in_sdk', 'ref']

const root = new URL('..', import.meta.url)
const sourcePath = process.argv[2] ?? fileURLToPath(new URL('../shared/reference/models.json', root))
const targetPath = fileURLToPath(new URL('fixtures/unified-models.json', root))

const facts = JSON.parse(readFileSync(sourcePath, 'utf8'))
const CATEGORIES = Object.keys(JSON.parse(readFileSync(fileURLToPath(new URL('fixtures/unified-categories.json', root)), 'utf8')).categories)

function pickField (field) {
  const out = {}
  for (const key of FIELD_KEYS) if (field[key] !== undefined) out[key] = field[key]
  // Where no source settles a field's nullability the facts propose one (calendar): follow the proposal.
  if (field.nullable === 'unknown' && typeof field.nullable_proposed === 'boolean') out.nullable = field.nullable_proposed
  return out
}

function pickFields (fields) {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, pickField(field)]))
}

const usedEnums = new Set()
function noteEnums (fields) {
  for (const field of Object.values(fields)) if (field.enum_ref !== undefined) usedEnums.add(field.enum_ref)
}

const categories = {}
for (const category of CATEGORIES) {
  const source = facts[category]
  if (source === undefined) throw new Error(`${sourcePath} has no category ${category}`)
  const models = {}
  for (const [name, model] of Object.entries(source.common_models)) {
    noteEnums(model.fields)
    models[name] = {
      segment: model.list_path_segment,
      retrieve: model.retrieve_endpoint !== null && model.retrieve_endpoint !== undefined,
      in_sdk: model.in_sdk_4_0_4,
      in_spec: model.in_spec,
      ...(model.in_sdk_python === true && model.in_sdk_4_0_4 !== true ? { in_sdk_python: true } : {}),
      ...(model.retrieve_endpoint === null && /\{\w+\}/.test(model.list_endpoint ?? '') ? { list_path: model.list_endpoint.replace(/^GET \/api\/\w+\/v1\//, '') } : {}),
      list_query_params: model.list_query_params,
      retrieve_query_params: model.retrieve_query_params ?? [],
      expand_values: model.expand_values ?? [],
      fields: pickFields(model.fields)
    }
  }
  const subObjects = {}
  for (const [name, sub] of Object.entries(source.sub_objects ?? {})) {
    noteEnums(sub.fields ?? {})
    subObjects[name] = { fields: pickFields(sub.fields ?? {}) }
  }
  // Lists under one record of a parent (chat `messages/{message_id}/replies`) whose items are records of a
  // model of the category; the others (ats screening questions) are not models and unimock writes them itself.
  const nestedLists = []
  for (const line of source.nested_list_endpoints ?? []) {
    const m = /^GET \/api\/\w+\/v1\/(\S+) -> Paginated(\w+)List$/.exec(line)
    if (m !== null && models[m[2]] !== undefined) nestedLists.push({ path: m[1], model: m[2] })
  }
  categories[category] = { base_path: source.base_path, models, sub_objects: subObjects, ...(nestedLists.length > 0 ? { nested_lists: nestedLists } : {}) }
}

const enums = {}
for (const name of [...usedEnums].sort()) {
  const values = facts._large_enums?.[name]
  if (!Array.isArray(values)) throw new Error(`${sourcePath} has no _large_enums.${name}`)
  enums[name] = values
}

const out = {
  _about: 'Derived by scripts/derive-unified-models.mjs from the researched facts (models.json): do not edit by hand.',
  _sources: facts._meta?.sources ?? {},
  categories,
  enums
}
writeFileSync(targetPath, JSON.stringify(out, null, 1) + '\n')
const modelCount = Object.values(categories).reduce((n, c) => n + Object.keys(c.models).length, 0)
process.stdout.write(`wrote ${targetPath}: ${modelCount} models in ${CATEGORIES.length} categories, enums ${Object.keys(enums).join(', ')}\n`)
