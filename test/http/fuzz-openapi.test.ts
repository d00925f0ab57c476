import t from 'tap'
import { Readable } from 'node:stream'
import { MAX_JSON_DEPTH } from '../../src/core/json-depth.js'
import { makeApp } from '../helpers/app.js'
import { FUZZ_SKIP, resolveRef, seeded } from '../helpers/fuzz.js'
import { responseChecker } from '../helpers/response-schema.js'
import { Client } from '../integration/helpers.js'

/**
 * A seeded fuzz of every operation of /openapi.json with what a hostile client sends (#36): bodies nested past
 * the depth limit, prototype-named values (`__proto__`, `constructor`, ...) in every query and path parameter,
 * lone surrogates in strings, and empty chunked bodies. No answer may be a 5xx; every status is one the
 * operation declares or a generic one any operation may answer (docs/fuzzing.md); a 2xx JSON answer conforms
 * to its declared schema. Deterministic: the same seed sends the same requests.
 */

type Json = Record<string, any>

const PROTO_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']
/** Statuses any operation may answer, declared or not: see docs/fuzzing.md. */
const GENERIC = new Set([400, 401, 404, 405, 413, 415, 429])
/** A lone high surrogate as the UTF-8 bytes a broken encoder sends (CESU-8), for URLs. */
const LONE_SURROGATE_URL = '%ED%A0%80'
const WITH_BODY = new Set(['post', 'put', 'patch', 'delete'])

/** A plain value of a schema, every string a lone surrogate when `surrogate`. */
function sample (doc: Json, schema: Json | undefined, rnd: () => number, surrogate: boolean, depth = 0): unknown {
  const s = resolveRef(doc, schema)
  const options = s.anyOf ?? s.oneOf
  if (Array.isArray(options) && options.length > 0) return sample(doc, options[Math.floor(rnd() * options.length)], rnd, surrogate, depth + 1)
  if (s.const !== undefined) return s.const
  if (Array.isArray(s.enum) && s.enum.length > 0) return surrogate ? '\ud800' : s.enum[Math.floor(rnd() * s.enum.length)]
  const type = Array.isArray(s.type) ? s.type.find((x: string) => x !== 'null') : s.type
  switch (type) {
    case 'integer': return Math.floor(rnd() * 100)
    case 'number': return rnd() * 100
    case 'boolean': return rnd() < 0.5
    case 'array': return depth > 3 ? [] : [sample(doc, s.items, rnd, surrogate, depth + 1)]
    case 'object': {
      if (depth > 3) return {}
      const out: Json = {}
      for (const [k, v] of Object.entries((s.properties ?? {}) as Json)) out[k] = sample(doc, v, rnd, surrogate, depth + 1)
      return out
    }
    default: return surrogate ? (rnd() < 0.5 ? '\ud800' : 'x\udc00y') : 'value'
  }
}

const deep = (depth: number, rnd: () => number): string => rnd() < 0.5
  ? '['.repeat(depth) + ']'.repeat(depth)
  : '{"model":' + '{"a":'.repeat(depth) + 'null' + '}'.repeat(depth) + '}'

t.test('every operation, sent hostile input: no 5xx, declared statuses, 2xx inside their schema', async (t) => {
  const { app } = await makeApp(t, { rateLimit: 'off', initialSyncDuration: '1m' } as never)
  const doc = (await app.inject({ url: '/openapi.json' })).json() as Json
  const check = responseChecker(doc)
  const client = new Client(app, 'fuzz_key')
  const tokens: Record<string, string> = {}
  for (const category of ['hris', 'ats', 'crm', 'accounting', 'ticketing', 'filestorage', 'knowledgebase']) {
    tokens[category] = (await client.link(category, `fuzz-${category}`)).accountToken
  }
  await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '1h' } })

  const rnd = seeded(36)
  const failures: string[] = []
  const sent = new Map<string, number>()
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    if (FUZZ_SKIP.test(path)) continue
    for (const [method, op] of Object.entries(item) as Array<[string, Json]>) {
      const declared = new Set(Object.keys(op.responses ?? {}).map(Number))
      const category = /^\/api\/([a-z]+)\/v1\//.exec(path)?.[1]
      const params = (op.parameters ?? []).map((p: Json) => resolveRef(doc, p))
      const bodySchema = op.requestBody?.content?.['application/json']?.schema
      const headers: Record<string, string> = { authorization: 'Bearer fuzz_key' }
      if (category !== undefined && tokens[category] !== undefined) headers['x-account-token'] = tokens[category]!
      const target = (value: (name: string) => string | undefined): string => {
        let url = path
        const query: string[] = []
        for (const p of params) {
          const v = value(String(p.name))
          if (v === undefined) continue
          if (p.in === 'path') url = url.replace(`{${String(p.name)}}`, v)
          else if (p.in === 'query') query.push(`${encodeURIComponent(String(p.name))}=${v}`)
        }
        return url.replace(/\{[^}]+\}/g, 'x') + (query.length > 0 ? `?${query.join('&')}` : '')
      }
      const plainBody = bodySchema === undefined ? undefined : JSON.stringify(sample(doc, bodySchema, rnd, false))

      const cases: Array<{ kind: string, url: string, payload?: string | Readable, extra?: Record<string, string> }> = [
        { kind: 'prototype names', url: target(() => PROTO_NAMES[Math.floor(rnd() * PROTO_NAMES.length)]!), payload: plainBody },
        { kind: 'lone surrogates', url: target(() => `a${LONE_SURROGATE_URL}`), payload: bodySchema === undefined ? undefined : JSON.stringify(sample(doc, bodySchema, rnd, true)) }
      ]
      if (WITH_BODY.has(method)) {
        const url = target(() => 'x')
        cases.push({ kind: 'nested past the limit', url, payload: deep(MAX_JSON_DEPTH + 1 + Math.floor(rnd() * 5_000), rnd) })
        cases.push({ kind: 'empty chunked body', url, payload: Readable.from([]), extra: { 'transfer-encoding': 'chunked' } })
      }
      for (const c of cases) {
        const hdrs = { ...headers, ...(typeof c.payload === 'string' ? { 'content-type': 'application/json' } : {}), ...c.extra }
        const res = await app.inject({ method: method.toUpperCase() as 'GET', url: c.url, headers: hdrs, ...(c.payload === undefined ? {} : { payload: c.payload }) })
        sent.set(c.kind, (sent.get(c.kind) ?? 0) + 1)
        const where = `${c.kind}: ${res.statusCode} ${method.toUpperCase()} ${c.url.slice(0, 140)}`
        if (res.statusCode >= 500) { failures.push(`${where} ${res.body.slice(0, 160)}`); continue }
        if (!declared.has(res.statusCode) && !GENERIC.has(res.statusCode)) { failures.push(`undeclared ${where} ${res.body.slice(0, 120)}`); continue }
        if (c.kind === 'nested past the limit' && res.statusCode < 400) failures.push(`accepted ${where}`)
        if (c.kind === 'empty chunked body' && res.statusCode === 415) failures.push(`${where}: an empty chunked body is no body`)
        const type = String(res.headers['content-type'] ?? '')
        if (res.statusCode >= 200 && res.statusCode < 300 && declared.has(res.statusCode) && type.includes('json') && res.body !== '') {
          const problems = check(method, path, res.statusCode, type, JSON.parse(res.body))
          if (problems.length > 0) failures.push(`outside its schema ${where}: ${problems.slice(0, 3).join('; ')}`)
        }
      }
    }
  }
  t.ok((sent.get('nested past the limit') ?? 0) > 200, `${JSON.stringify(Object.fromEntries(sent))} requests sent`)
  t.same(failures.slice(0, 40), [], `${failures.length} answers broke a rule`)
})
