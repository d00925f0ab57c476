#!/usr/bin/env node
/**
 * Derives fixtures/unified-operations.json, the operationId of every operation of the unified service, from
 * the researched facts in ../shared/reference/endpoints.json. unimock never reads ../shared at runtime: run
 * this script again when the facts change, review the diff, and commit the fixture.
 *
 *   node scripts/derive-unified-operations.mjs [path/to/endpoints.json]
 *
 * An operationId is the official client's method path (`hris.employees.list` is what
 * `merge.hris.employees.list()` calls), so a client generated from unimock's OpenAPI document names its
 * methods as the official one does. Operations the client lacks (knowledgebase, newer ones) get the name a
 * Fern-generated client would derive from the service's own 2026 document (`name_proposed` in the facts).
 * Every operation of the service is listed, served by unimock yet or not: a route added later finds its
 * operationId here without a change to this file.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = new URL('..', import.meta.url)
const sourcePath = process.argv[2] ?? fileURLToPath(new URL('../shared/reference/endpoints.json', root))
const targetPath = fileURLToPath(new URL('fixtures/unified-operations.json', root))

const facts = JSON.parse(readFileSync(sourcePath, 'utf8'))
const operations = {}
const seen = new Map()
for (const op of facts.operations) {
  const operationId = op.sdk ?? op.name_proposed
  if (typeof operationId !== 'string' || operationId === '') throw new Error(`${op.method} ${op.path}: no sdk method and no proposed name`)
  // The client's base URL ends in /api; unimock serves the same paths under /api.
  const key = `${op.method} /api${op.path}`
  if (operations[key] !== undefined) throw new Error(`${key} is listed twice`)
  if (seen.has(operationId)) throw new Error(`${operationId} names both ${seen.get(operationId)} and ${key}`)
  seen.set(operationId, key)
  // in_client: the Node client 4.0.4 has the method. Calendar, chat and email are named after the Python
  // client's methods (`calendar.link_token.create`), which no Node client has.
  const python = op.sdk_language === 'python'
  operations[key] = { operationId, in_client: op.sdk !== null && op.sdk !== undefined && !python, ...(python ? { in_python_client: true } : {}) }
  // A retrieve that answers a sub-object (an accounting Address, listed by id in a Contact's `addresses`):
  // its sub-object and query parameters, so unimock serves it from the parents that list it.
  const subObject = /^\w+\.sub_objects\.(\w+)$/.exec(op.responses?.['200']?.models_json ?? '')?.[1]
  if (op.kind === 'retrieve' && subObject !== undefined) operations[key] = { ...operations[key], sub_object: subObject, query: Object.keys(op.query ?? {}).sort() }
}

// GET /remote-fields answers one key per model: the keys of each category's RemoteFieldAPIResponse that the
// official client knows (its strict parse refuses any other), in the spelling it uses (EEOC, not Eeoc).
const remoteFieldModels = {}
for (const [category, defs] of Object.entries(facts.definitions)) {
  const def = defs.RemoteFieldAPIResponse
  if (def === undefined) continue
  remoteFieldModels[category] = Object.entries(def.fields).filter(([, f]) => f.in === undefined || f.in.length === 0 || f.in.includes('sdk')).map(([name]) => name)
}

const fixture = {
  _about: 'Derived by scripts/derive-unified-operations.mjs from the researched facts (endpoints.json): do not edit by hand.',
  _source: facts._meta?.sources?.sdk ?? 'npm @mergeapi/merge-node-client 4.0.4',
  _key: 'METHOD /api/{category}/v1/... as unimock serves it; in_client: the official client 4.0.4 has the method; in_python_client: named after the official Python client\'s method; sub_object and query: a retrieve of a sub-object',
  operations: Object.fromEntries(Object.entries(operations).sort(([a], [b]) => a.localeCompare(b))),
  remote_field_models: remoteFieldModels
}
writeFileSync(targetPath, JSON.stringify(fixture, null, 1) + '\n')
process.stdout.write(`${Object.keys(operations).length} operations written to ${targetPath}\n`)
