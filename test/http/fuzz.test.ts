import t from 'tap'
import { makeApp } from '../helpers/app.js'
import { FUZZ_SKIP, resolveRef, seeded } from '../helpers/fuzz.js'
import { Client } from '../integration/helpers.js'
import { CATEGORIES } from '../../src/integration/base/catalogue/categories.js'

/**
 * A seeded fuzz of every operation of /openapi.json (#19): each gets requests built from its own declaration,
 * with its parameters and body twisted (wrong types, huge and odd values, missing and unknown fields), sent with
 * a real API key and account token. No answer may be a 5xx; every 4xx is JSON with a message; every status is
 * one the document declares for the operation. Deterministic: the same seed sends the same requests.
 */

type Json = Record<string, any>

const ODD_STRINGS = ['', ' ', 'null', '-1', '0', '1e309', '9'.repeat(40), '%', '%zz', '../..', 'ü\u0000x', 'a'.repeat(600), '2026-13-45T99:99:99+25:00', '[]', '{}', 'true', '<script>']
const ODD_VALUES: unknown[] = [null, -1, 0, 1.5, 2 ** 53 + 2, 'x', '', true, [], {}, [null], { a: { b: { c: [] } } }, 'a'.repeat(5000)]

/** A plausible value of a schema, or (twisted) an odd one. */
function sample (doc: Json, schema: Json | undefined, rnd: () => number, twisted: boolean, depth = 0): unknown {
  const s = resolveRef(doc, schema)
  if (twisted && rnd() < 0.3) return ODD_VALUES[Math.floor(rnd() * ODD_VALUES.length)]
  const options = s.anyOf ?? s.oneOf
  if (Array.isArray(options) && options.length > 0) return sample(doc, options[Math.floor(rnd() * options.length)], rnd, twisted, depth + 1)
  if (s.const !== undefined) return s.const
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[Math.floor(rnd() * s.enum.length)]
  const type = Array.isArray(s.type) ? s.type.find((x: string) => x !== 'null') : s.type
  switch (type) {
    case 'integer': return Math.floor(rnd() * 100)
    case 'number': return rnd() * 100
    case 'boolean': return rnd() < 0.5
    case 'array': return depth > 3 ? [] : [sample(doc, s.items, rnd, twisted, depth + 1)]
    case 'object': {
      if (depth > 3) return {}
      const out: Json = {}
      for (const [k, v] of Object.entries((s.properties ?? {}) as Json)) if (rnd() < 0.7 || (s.required ?? []).includes(k)) out[k] = sample(doc, v, rnd, twisted, depth + 1)
      if (twisted && rnd() < 0.3) out[`unknown_${Math.floor(rnd() * 100)}`] = 'x'
      return out
    }
    default:
      if (s.format === 'date-time') return '2026-01-02T03:04:05Z'
      if (s.format === 'uuid') return '6f2c1a8e-7b4d-4c1e-9a55-0d3f2b7e4c91'
      return twisted ? ODD_STRINGS[Math.floor(rnd() * ODD_STRINGS.length)] : 'value'
  }
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v))

t.test('every operation of /openapi.json, fuzzed: no 5xx, JSON 4xx with a message, only declared statuses', async (t) => {
  const { app } = await makeApp(t, { rateLimit: 'off', initialSyncDuration: '1m' } as never)
  const doc = (await app.inject({ url: '/openapi.json' })).json() as Json
  const client = new Client(app, 'fuzz_key')
  const tokens: Record<string, string> = {}
  for (const category of CATEGORIES) {
    tokens[category] = (await client.link(category, `fuzz-${category}`)).accountToken
  }
  await app.inject({ method: 'POST', url: '/_unimock/clock/advance', payload: { by: '1h' } })

  const rnd = seeded(20261125)
  const failures: string[] = []
  let sent = 0
  const statuses = new Map<number, number>()
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    if (FUZZ_SKIP.test(path)) continue
    for (const [method, op] of Object.entries(item) as Array<[string, Json]>) {
      const declared = new Set(Object.keys(op.responses ?? {}))
      const category = /^\/api\/([a-z]+)\/v1\//.exec(path)?.[1]
      for (let round = 0; round < 4; round++) {
        const twisted = round > 0
        const params = (op.parameters ?? []).map((p: Json) => resolveRef(doc, p))
        let url = path
        const query = new URLSearchParams()
        for (const p of params) {
          const v = asText(sample(doc, p.schema, rnd, twisted))
          if (p.in === 'path') url = url.replace(`{${String(p.name)}}`, encodeURIComponent(v === '' ? 'x' : v))
          else if (p.in === 'query' && (twisted ? rnd() < 0.5 : rnd() < 0.2)) query.set(String(p.name), v)
        }
        url = url.replace(/\{[^}]+\}/g, 'x')
        const bodySchema = op.requestBody?.content?.['application/json']?.schema
        const body = bodySchema === undefined ? undefined : sample(doc, bodySchema, rnd, twisted)
        const headers: Record<string, string> = { authorization: 'Bearer fuzz_key' }
        if (category !== undefined && tokens[category] !== undefined) headers['x-account-token'] = tokens[category]!
        const target = `${url}${query.size > 0 ? `?${query.toString()}` : ''}`
        const res = await app.inject({ method: method.toUpperCase() as 'GET', url: target, headers, ...(body === undefined ? {} : { payload: body as object }) })
        sent++
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
        const where = `${method.toUpperCase()} ${target.slice(0, 160)}${body === undefined ? '' : ` ${asText(body).slice(0, 120)}`}`
        if (res.statusCode >= 500) { failures.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`); continue }
        if (!declared.has(String(res.statusCode)) && !declared.has(`${String(res.statusCode)[0]}XX`)) failures.push(`undeclared ${res.statusCode} ${where}`)
        if (res.statusCode >= 400) {
          let parsed: Json | undefined
          try { parsed = JSON.parse(res.body) as Json } catch { failures.push(`${res.statusCode} not JSON ${where}: ${res.body.slice(0, 100)}`); continue }
          // {detail} (unified), {message} (plant store), problem details (control), a write's {errors: [{detail}]}.
          const message = parsed?.detail ?? parsed?.message ?? parsed?.errors?.[0]?.detail
          if (typeof message !== 'string' || message === '') failures.push(`${res.statusCode} without a message ${where}: ${res.body.slice(0, 100)}`)
        }
      }
    }
  }
  t.ok(sent > 1500, `${sent} requests sent`)
  // The fuzz must reach handlers, not stop at authentication: most answers are the handlers' own.
  t.ok((statuses.get(401) ?? 0) < sent / 10, `${statuses.get(401) ?? 0} of ${sent} refused by authentication`)
  t.ok([...statuses.keys()].some((s) => s >= 200 && s < 300) && (statuses.get(400) ?? 0) > 100, `statuses seen: ${JSON.stringify(Object.fromEntries(statuses))}`)
  t.same(failures.slice(0, 40), [], `${failures.length} answers broke a rule`)
})
