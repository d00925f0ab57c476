#!/usr/bin/env node
/**
 * Derives fixtures/unified-writes.json, the write surface of the unified service, from the researched facts in
 * ../shared/reference/endpoints.json (every write, meta and async-task operation with its request definitions)
 * and ../shared/reference/integration-support.json (per integration and model: the fields a create or partial
 * update accepts and the parameters it requires). unimock never reads ../shared at runtime: run this script
 * again when the facts change, review the diff, and commit the fixture.
 *
 *   node scripts/derive-unified-writes.mjs [path/to/endpoints.json] [path/to/integration-support.json]
 *
 * Kept per operation: kind (create, partial_update, ignore, action, bulk_create, bulk_retrieve, meta_post,
 * meta_patch, retrieve for async tasks), the common model it writes (from its response, else its path), the
 * request model inside the body's `model` wrapper and the body's other fields, its success status and its query
 * parameters. Kept per request model: every field the body may carry, with type, format, nullability, enum
 * values (by name for the large shared ones), item type and whether it is required; nested request models are
 * kept the same way. Adding a writable model is a change of the facts and a run of this script.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = new URL('..', import.meta.url)
const endpointsPath = process.argv[2] ?? fileURLToPath(new URL('../shared/reference/endpoints.json', root))
const supportPath = process.argv[3] ?? fileURLToPath(new URL('../shared/reference/integration-support.json', root))
const modelsPath = fileURLToPath(new URL('fixtures/unified-models.json', root))
const targetPath = fileURLToPath(new URL('fixtures/unified-writes.json', root))

const facts = JSON.parse(readFileSync(endpointsPath, 'utf8'))
const support = JSON.parse(readFileSync(supportPath, 'utf8'))
const models = JSON.parse(readFileSync(modelsPath, 'utf8'))
const FAMILIES = new Set(['writes', 'meta', 'async_tasks'])

const definition = (category, name) => facts.definitions[category]?.[name] ?? facts.definitions.shared?.[name]

/** The catalogue model served under a path segment, for operations whose response names none. */
function modelOfPath (category, path) {
  const segment = path.split('/')[3]
  const found = Object.entries(models.categories[category].models).find(([, m]) => m.segment === segment)
  if (found === undefined) throw new Error(`${path}: no catalogue model has segment ${segment}`)
  return found[0]
}

const requests = {}
const enums = new Set()

/**
 * A union of the facts, as the fixture keeps it. The spec's open enum (`anyOf: [an enum, any string]`) is kept
 * as the enum: the string lets a third party's own value through on a read, but a write takes the model's
 * choices (the catalogue types the model's field as the enum, and the create's request has the plain enum
 * where the partial update's has the open one: TaskRequest and PatchedTaskRequest's status). Any other union
 * keeps its members, a record named by a model that is not a request being any object.
 */
function pickUnion (field) {
  const members = field.anyOf ?? []
  const choices = members.find((m) => m.type === 'enum')
  if (members.length === 2 && choices !== undefined && members.some((m) => m.type === 'string' && m.format === undefined)) {
    const { anyOf, ...rest } = field
    return pickField({ ...rest, type: 'enum', enum: choices.enum, enum_ref: choices.enum_ref })
  }
  const out = pickField({ ...field, anyOf: undefined })
  out.anyOf = members.map((m) => m.ref !== undefined && !/Request/.test(m.ref) ? { type: 'object', nullable: false } : pickField(m))
  return out
}

function pickField (field) {
  if (field.type === 'union' && field.anyOf !== undefined) return pickUnion(field)
  const out = { type: field.type ?? (field.ref !== undefined ? 'object' : 'any') }
  if (field.format !== undefined) out.format = field.format
  out.nullable = field.nullable === true
  if (field.required === true || field.sdk_required === true) out.required = true
  if (field.enum !== undefined) out.enum = field.enum
  if (field.enum_ref !== undefined) { out.enum_ref = field.enum_ref; enums.add(field.enum_ref) }
  if (field.ref !== undefined) out.ref = field.ref
  if (field.items !== undefined) {
    const items = field.items.type === 'union' ? pickUnion(field.items) : { ...field.items }
    if (items.enum_ref !== undefined) enums.add(items.enum_ref)
    out.items = items
  }
  if (field.in !== undefined && !field.in.includes('sdk')) out.client_sends = false
  return out
}

/** Copies a request definition and every request definition it names, once per category. */
function keepRequest (category, name) {
  requests[category] ??= {}
  if (requests[category][name] !== undefined) return
  const def = definition(category, name)
  if (def === undefined) throw new Error(`${category}.${name}: no such definition`)
  requests[category][name] = {}
  const fields = Object.fromEntries(Object.entries(def.fields).map(([k, f]) => [k, pickField(f)]))
  // A remote field's value is any JSON: the spec's free-form "object", which the official client parses as
  // unknown (a string, a number, a boolean for most custom fields; {value} in accounting's reads).
  if (name === 'RemoteFieldRequest' && fields.value !== undefined) fields.value = { ...fields.value, type: 'any' }
  requests[category][name] = fields
  for (const f of Object.values(def.fields)) {
    const ref = f.ref ?? f.items?.ref
    if (ref !== undefined && /Request/.test(ref)) keepRequest(category, ref)
  }
}

const operations = []
for (const op of facts.operations) {
  if (!FAMILIES.has(op.family)) continue
  const category = op.category
  const status = Number(Object.keys(op.responses)[0]) || 200
  const responseType = Object.values(op.responses)[0]?.type
  const responseModel = definition(category, responseType)?.fields?.model?.models_json
  const model = responseModel !== undefined ? responseModel.split('.').pop() : op.family === 'async_tasks' ? null : modelOfPath(category, op.path)
  const body = op.body?.type
  if (body !== undefined) keepRequest(category, body)
  operations.push({
    key: `${op.method} /api${op.path}`,
    family: op.family,
    kind: op.kind,
    category,
    model,
    status,
    response: responseType,
    body: body ?? null,
    query: Object.keys(op.query ?? {}),
    in_client: op.in_sdk_4_0_4 === true
  })
}

const supportOut = {}
for (const [category, byModel] of Object.entries(support)) {
  if (category === '_meta') continue
  for (const [model, entry] of Object.entries(byModel)) {
    const out = {}
    for (const kind of ['post', 'patch']) {
      if (entry[kind]?.integrations !== undefined) out[kind] = entry[kind].integrations
    }
    if (Object.keys(out).length > 0) supportOut[`${category}.${model}`] = out
  }
}

const fixture = {
  _about: 'Derived by scripts/derive-unified-writes.mjs from the researched facts (endpoints.json, integration-support.json): do not edit by hand.',
  _key: 'operations: one per write, meta and async-task operation; requests: request bodies per category (fields by name); support: per {category}.{Model}, post/patch per integration name',
  operations: operations.sort((a, b) => a.key.localeCompare(b.key)),
  requests,
  enums: Object.fromEntries([...enums].sort().map((name) => [name, facts.enums[name]])),
  support: supportOut
}
writeFileSync(targetPath, JSON.stringify(fixture, null, 1) + '\n')
process.stdout.write(`${operations.length} operations, ${Object.values(requests).reduce((n, r) => n + Object.keys(r).length, 0)} request models written to ${targetPath}\n`)
