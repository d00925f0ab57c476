#!/usr/bin/env node
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { connect } from 'node:net'
import { parseArgs } from 'node:util'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { freePort, httpRequest, waitFor200 } from './lib/http.js'
import { UNIMOCK_SERVER } from './lib/unimock.js'

/**
 * A seeded black-box fuzz of a real unimock over loopback, driven by its own /openapi.json (docs/fuzzing.md).
 * Each request picks an operation and a way to twist it: values sampled from the operation's schemas and
 * twisted, bodies nested thousands deep, prototype-named parameters, lone surrogates, empty chunked bodies,
 * and now and then a raw request Node's HTTP parser refuses. It counts what a client must never see:
 * 5xx, statuses the document does not declare for the operation, 2xx bodies outside their declared schema
 * or content type, error bodies that are not JSON, answers in the wrong dialect, requests never answered.
 * The same seed sends the same requests (answers may interleave differently with --concurrency > 1).
 */

const { values: opts } = parseArgs({
  options: {
    requests: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '36' },
    concurrency: { type: 'string', default: '4' },
    server: { type: 'string', default: UNIMOCK_SERVER },
    json: { type: 'string' },
    examples: { type: 'string', default: '3' },
    help: { type: 'boolean', default: false }
  }
})
if (opts.help) {
  console.log('node bench/fuzz.js [--requests N] [--seed S] [--concurrency C] [--server dist/src/launcher.js] [--json out.json] [--examples K]')
  process.exit(0)
}
const TOTAL = Number(opts.requests)
const EXAMPLES = Number(opts.examples)

/** sfc32, the same generator as the server's own seeded stream: no Math.random, so a run can be repeated. */
function seeded (seed) {
  let a = 0x9e3779b9; let b = 0x243f6a88; let c = 0xb7e15162; let d = seed >>> 0
  return () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0
    const r = (a + b + d) >>> 0
    d = (d + 1) >>> 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) >>> 0
    c = ((c << 21) | (c >>> 11)) + r >>> 0
    return r / 4294967296
  }
}
const rnd = seeded(Number(opts.seed))
const pick = (list) => list[Math.floor(rnd() * list.length)]

const PROTO_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', '__defineGetter__']
const ODD_STRINGS = ['', ' ', 'null', '-1', '0', '1e309', '9'.repeat(40), '%', '../..', 'ü\u0000x', 'a'.repeat(600), '2026-13-45T99:99:99+25:00', '[]', '{}', 'true', '<script>', '\ud800', '\udc00x', ...PROTO_NAMES]
const ODD_VALUES = [null, -1, 0, 1.5, 2 ** 53 + 2, 'x', '', true, [], {}, [null], { a: { b: { c: [] } } }, 'a'.repeat(5000), '\ud800', { __proto__: null, constructor: 'x' }]
/** What any operation may answer besides its own statuses (documented in docs/fuzzing.md). */
const GENERIC = new Set([400, 401, 404, 405, 413, 415, 429])

function resolve (doc, schema) {
  let s = schema ?? {}
  for (let i = 0; i < 10 && typeof s.$ref === 'string'; i++) {
    s = s.$ref.split('/').slice(1).reduce((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc) ?? {}
  }
  return s
}

function sample (doc, schema, twisted, depth = 0, surrogate = false) {
  const s = resolve(doc, schema)
  if (twisted && rnd() < 0.3) return pick(ODD_VALUES)
  const options = s.anyOf ?? s.oneOf
  if (Array.isArray(options) && options.length > 0) return sample(doc, pick(options), twisted, depth + 1, surrogate)
  if (s.const !== undefined) return s.const
  if (Array.isArray(s.enum) && s.enum.length > 0) return pick(s.enum)
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type
  switch (type) {
    case 'integer': return Math.floor(rnd() * 100)
    case 'number': return rnd() * 100
    case 'boolean': return rnd() < 0.5
    case 'array': return depth > 3 ? [] : [sample(doc, s.items, twisted, depth + 1, surrogate)]
    case 'object': {
      if (depth > 3) return {}
      const out = {}
      for (const [k, v] of Object.entries(s.properties ?? {})) if (rnd() < 0.7 || (s.required ?? []).includes(k)) out[k] = sample(doc, v, twisted, depth + 1, surrogate)
      if (twisted && rnd() < 0.3) out[pick(['unknown_1', ...PROTO_NAMES])] = 'x'
      return out
    }
    default:
      if (surrogate) return pick(['\ud800', '\udc00x', 'a\ud800b'])
      if (s.format === 'date-time') return '2026-01-02T03:04:05Z'
      if (s.format === 'uuid') return '6f2c1a8e-7b4d-4c1e-9a55-0d3f2b7e4c91'
      return twisted ? pick(ODD_STRINGS) : 'value'
  }
}

/** A JSON text nested `depth` levels, in one of the shapes a hostile client sends. */
function deepText (depth) {
  switch (Math.floor(rnd() * 4)) {
    case 0: return '['.repeat(depth) + ']'.repeat(depth)
    case 1: return '{"model":' + '['.repeat(depth) + ']'.repeat(depth) + '}'
    case 2: return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
    default: return '{"model":{"x":' + '[{"a":'.repeat(depth) + 'null' + '}]'.repeat(depth) + '}}'
  }
}

/** A query or path value as the wire carries it: lone surrogates as the CESU bytes a broken encoder sends. */
function wireValue (v) {
  const text = typeof v === 'string' ? v : JSON.stringify(v)
  let out = ''
  for (const ch of text) {
    const c = ch.codePointAt(0)
    out += c >= 0xd800 && c <= 0xdfff ? `%ED%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}` : encodeURIComponent(ch)
  }
  return out
}

/** Paths left alone: they end the run's accounts or tokens, reset the world, or stream for long. */
const SKIP = /^\/_unimock\/(reset|stream)|^\/_unimock\/clock\/advance|\/delete-account$|\/account-token\/regenerate$|^\/link\/(demo|magic)|^\/_unimock\/scenarios/

function build (doc, ops, tokens) {
  const { path, method, op } = pick(ops)
  const roll = rnd()
  const mode = roll < 0.3 ? 'twisted' : roll < 0.42 ? 'valid' : roll < 0.6 ? 'deep' : roll < 0.74 ? 'proto' : roll < 0.86 ? 'surrogate' : roll < 0.99 ? 'chunked' : 'raw'
  const params = (op.parameters ?? []).map((p) => resolve(doc, p))
  let url = path
  const query = []
  for (const p of params) {
    const v = mode === 'proto' ? pick(PROTO_NAMES) : sample(doc, p.schema, mode === 'twisted', 0, mode === 'surrogate' && rnd() < 0.5)
    const text = wireValue(v === '' && p.in === 'path' ? 'x' : v)
    if (p.in === 'path') url = url.replace(`{${p.name}}`, text)
    else if (p.in === 'query' && (mode === 'proto' || mode === 'surrogate' || rnd() < (mode === 'twisted' ? 0.5 : 0.2))) query.push(`${encodeURIComponent(p.name)}=${text}`)
  }
  url = url.replace(/\{[^}]+\}/g, 'x') + (query.length > 0 ? `?${query.join('&')}` : '')
  const bodySchema = op.requestBody?.content?.['application/json']?.schema
  const headers = { authorization: 'Bearer fuzz_key' }
  const category = /^\/api\/([a-z]+)\/v1\//.exec(path)?.[1]
  if (category !== undefined && tokens[category] !== undefined) headers['x-account-token'] = tokens[category]
  let body
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(method.toUpperCase()) || bodySchema !== undefined
  if (mode === 'deep' && hasBody) {
    const depth = pick([129, 1000, 5000, 12000])
    body = /\/passthrough(\/async)?$/.test(path) && rnd() < 0.5
      ? JSON.stringify({ method: 'POST', path: '/api/v1/employees', data: deepText(depth) })
      : deepText(depth)
  } else if (mode !== 'chunked' && mode !== 'raw' && bodySchema !== undefined) {
    body = JSON.stringify(sample(doc, bodySchema, mode === 'twisted', 0, mode === 'surrogate'))
  }
  if (body !== undefined) {
    headers['content-type'] = 'application/json'
    headers['content-length'] = String(Buffer.byteLength(body))
  }
  if (mode === 'chunked') {
    headers['transfer-encoding'] = 'chunked'
    if (rnd() < 0.5) headers['content-type'] = 'application/json'
  }
  return { path, method: method.toUpperCase(), op, url, headers, body, mode }
}

const RAW = [
  (url) => `GET ${url} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
  (url) => `POST ${url} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n`,
  (url) => `GET ${url} HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n`,
  (url) => `GET ${url} HTTP/1.1\r\nHo st: x\r\n\r\n`,
  (url) => `GET ${url} HTTP/9.9\r\nHost: x\r\n\r\n`
]

function sendRaw (port, text) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => { socket.write(text) })
    let out = ''
    socket.setTimeout(10_000, () => { socket.destroy(); resolve({ status: 0, headers: {}, body: '' }) })
    socket.on('data', (d) => { out += String(d) })
    socket.on('error', () => {})
    socket.on('close', () => {
      // Only the first answer counts: a request refused after routing may be followed by the parser's own.
      const at = out.indexOf('\r\n\r\n')
      const head = out.slice(0, at)
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(out)?.[1] ?? 0)
      const type = /\r\ncontent-type: ([^\r]*)/i.exec(head)?.[1] ?? ''
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? out.length)
      resolve({ status, headers: { 'content-type': type }, body: at < 0 ? '' : Buffer.from(out.slice(at + 4)).subarray(0, length).toString() })
    })
  })
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 })
function send (port, r) {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, method: r.method, path: r.url, headers: r.headers, agent, timeout: 10_000 }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', () => resolve({ status: 0, headers: {}, body: '' }))
    })
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', () => resolve({ status: 0, headers: {}, body: '' }))
    if (r.body !== undefined) req.write(r.body)
    req.end()
  })
}

/** The dialect an error body is in: {detail} unified, {code, type, message} plant store, problem details control. */
function dialectOf (body) {
  if (body === null || typeof body !== 'object') return 'none'
  if (typeof body.type === 'string' && body.type.startsWith('urn:unimock:error:')) return 'control'
  if (typeof body.code === 'number' && typeof body.message === 'string') return 'plant'
  if (typeof body.detail === 'string' || Array.isArray(body.errors)) return 'unified'
  return 'other'
}
const expectedDialect = (path) => (path.startsWith('/v3/') ? 'plant' : path.startsWith('/_unimock') || path === '/openapi.json' ? 'control' : 'unified')

async function main () {
  const port = await freePort()
  const child = spawn(process.execPath, [opts.server, '--port', String(port), '--host', '127.0.0.1', '--log-level', 'silent', '--db', ':memory:', '--clock', 'virtual', '--rate-limit', 'off', '--initial-sync-duration', '1m'], { stdio: ['ignore', 'ignore', 'inherit'] })
  const exited = once(child, 'exit')
  try {
    await waitFor200(`http://127.0.0.1:${port}/_unimock/health`)
    const doc = JSON.parse((await httpRequest(`http://127.0.0.1:${port}/openapi.json`, { timeoutMs: 60_000 })).body)
    const tokens = await link(port)
    await httpRequest(`http://127.0.0.1:${port}/_unimock/clock/advance`, { method: 'POST', body: '{"by":"1h"}', headers: { 'content-type': 'application/json', authorization: 'Bearer fuzz_key' } })
    const rssAtStart = rssMb(child.pid)
    const report = await fuzz(port, doc, tokens)
    // #49 asks for the server's resident memory after the fuzz beside what it held when the fuzz began.
    report.summary.rssMb = { atStart: rssAtStart, atEnd: rssMb(child.pid) }
    console.log(JSON.stringify(report.summary, null, 2))
    for (const [kind, list] of Object.entries(report.examples)) for (const e of list) console.log(`${kind}: ${e}`)
    if (opts.json !== undefined) writeFileSync(opts.json, JSON.stringify(report, null, 2))
  } finally {
    agent.destroy()
    child.kill('SIGTERM')
    await exited
  }
}

/** The server's resident set in MB (Linux /proc), null where there is none to read. */
function rssMb (pid) {
  try {
    return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024)
  } catch {
    return null
  }
}

async function link (port) {
  const tokens = {}
  const post = async (path, body) => JSON.parse((await httpRequest(`http://127.0.0.1:${port}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', authorization: 'Bearer fuzz_key' } })).body)
  for (const category of ['hris', 'ats', 'crm', 'accounting', 'ticketing', 'filestorage', 'knowledgebase']) {
    const { link_token: linkToken } = await post(`/api/${category}/v1/link-token`, { end_user_origin_id: `fuzz-${category}`, end_user_organization_name: 'Fuzz', end_user_email_address: 'fuzz@example.com', categories: [category] })
    const { public_token: publicToken } = await post(`/_unimock/link-tokens/${encodeURIComponent(linkToken)}/complete`, {})
    const res = await httpRequest(`http://127.0.0.1:${port}/api/${category}/v1/account-token/${publicToken}`, { headers: { authorization: 'Bearer fuzz_key' } })
    tokens[category] = JSON.parse(res.body).account_token
  }
  return tokens
}

async function fuzz (port, doc, tokens) {
  const ops = []
  for (const [path, item] of Object.entries(doc.paths)) {
    if (SKIP.test(path)) continue
    for (const [method, op] of Object.entries(item)) if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) ops.push({ path, method, op })
  }
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true })
  addFormats(ajv)
  ajv.addSchema({ $id: 'doc', components: JSON.parse(JSON.stringify(doc.components ?? {}).replace(/"\$ref":"#\//g, '"$ref":"doc#/')) })
  const validators = new Map()
  const validatorOf = (key, schema) => {
    if (!validators.has(key)) {
      try { validators.set(key, ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, '"$ref":"doc#/')))) } catch (error) { counts.schemasNotCompiled++; note('schema not compiled', `${key}: ${error.message}`); validators.set(key, null) }
    }
    return validators.get(key)
  }

  const counts = { sent: 0, fiveXX: 0, undeclared: 0, undeclaredStrict: 0, outsideSchema: 0, undeclaredContentType: 0, notJson: 0, wrongDialect: 0, unanswered: 0, chunked415: 0, schemasNotCompiled: 0 }
  const statuses = {}
  const byMode = {}
  const examples = {}
  const operations = { fiveXX: new Set(), undeclared: new Set(), outsideSchema: new Set() }
  const note = (kind, text) => {
    examples[kind] = examples[kind] ?? []
    if (examples[kind].length < EXAMPLES) examples[kind].push(text.slice(0, 400))
  }
  const started = performance.now()
  let next = 0
  const worker = async () => {
    while (next < TOTAL) {
      next++
      const r = build(doc, ops, tokens)
      const res = r.mode === 'raw' ? await sendRaw(port, pick(RAW)(r.url)) : await send(port, r)
      counts.sent++
      statuses[res.status] = (statuses[res.status] ?? 0) + 1
      byMode[r.mode] = byMode[r.mode] ?? { sent: 0, fiveXX: 0, undeclared: 0 }
      const m = byMode[r.mode]
      m.sent++
      const where = `${r.mode} ${r.method} ${r.url.slice(0, 140)}${r.body === undefined ? '' : ` ${r.body.slice(0, 100)}`}`
      if (res.status === 0) { counts.unanswered++; note('unanswered', where); continue }
      if (res.status >= 500) { counts.fiveXX++; m.fiveXX++; operations.fiveXX.add(`${r.method} ${r.path}`); note('5xx', `${res.status} ${where} -> ${res.body.slice(0, 160)}`) }
      if (r.mode === 'chunked' && res.status === 415) { counts.chunked415++; note('chunked 415', where) }
      const declared = r.op.responses ?? {}
      if (r.mode !== 'raw' && !(String(res.status) in declared)) {
        counts.undeclaredStrict++
        if (!GENERIC.has(res.status)) { counts.undeclared++; m.undeclared++; operations.undeclared.add(`${r.method} ${r.path} ${res.status}`); note('undeclared', `${res.status} ${where}`) }
      }
      const type = String(res.headers['content-type'] ?? '').split(';')[0]
      let parsed
      if (res.status >= 400) {
        try { parsed = JSON.parse(res.body) } catch { counts.notJson++; note('not JSON', `${res.status} ${where}: ${res.body.slice(0, 80)}`); continue }
        const want = expectedDialect(r.path)
        if (dialectOf(parsed) !== want) { counts.wrongDialect++; note('wrong dialect', `${res.status} ${where}: ${res.body.slice(0, 120)} (want ${want})`) }
      } else if (res.status >= 200 && res.status < 300 && r.mode !== 'raw') {
        const content = resolve(doc, declared[String(res.status)])?.content
        if (content !== undefined && type !== '' && !(type in content)) { counts.undeclaredContentType++; note('content type', `${res.status} ${type} ${where}`) }
        const schema = content?.[type]?.schema
        if (schema !== undefined && type.endsWith('json') && res.body !== '') {
          const validate = validatorOf(`${r.method} ${r.path} ${res.status} ${type}`, schema)
          try { parsed = JSON.parse(res.body) } catch { parsed = undefined }
          if (validate && parsed !== undefined && !validate(parsed)) {
            counts.outsideSchema++
            operations.outsideSchema.add(`${r.method} ${r.path}`)
            note('outside schema', `${res.status} ${where}: ${ajv.errorsText(validate.errors).slice(0, 200)}`)
          }
        }
      }
    }
  }
  await Promise.all(Array.from({ length: Number(opts.concurrency) }, worker))
  const seconds = (performance.now() - started) / 1000
  return {
    summary: {
      server: opts.server,
      seed: Number(opts.seed),
      seconds: Math.round(seconds),
      operations: ops.length,
      ...counts,
      operationsWith5xx: operations.fiveXX.size,
      operationsWithUndeclared: operations.undeclared.size,
      operationsOutsideSchema: operations.outsideSchema.size,
      statuses,
      byMode
    },
    examples,
    detail: { fiveXX: [...operations.fiveXX], undeclared: [...operations.undeclared], outsideSchema: [...operations.outsideSchema] }
  }
}

await main()
