/**
 * The source of the typed control API client (src/control-client.ts), generated from /openapi.json, which is
 * itself generated from the routes' TypeBox schemas: one method per /_unimock operation, one type per
 * component schema it uses. scripts/write-control-client.mjs writes the file; a test fails while the
 * committed file differs from what the sources generate.
 */

type Json = Record<string, unknown>

interface Operation {
  readonly method: string
  readonly path: string
  readonly name: string
  readonly summary: string | undefined
  readonly pathParams: readonly string[]
  readonly query: Json | undefined
  readonly body: Json | undefined
  readonly bodyRequired: boolean
  readonly result: string
  /** How the answer is read: JSON, text, or bytes (an image). */
  readonly answer: 'json' | 'text' | 'bytes'
}

const PREFIX = '/_unimock'
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const refName = (ref: string): string => ref.slice(ref.lastIndexOf('/') + 1)
const typeName = (name: string): string => name.replace(/[^A-Za-z0-9_$]/g, '_')
const key = (name: string): string => IDENTIFIER.test(name) ? name : JSON.stringify(name)

/** A TypeScript type for a JSON Schema (the subset TypeBox produces); `refs` collects the components named. */
function tsType (schema: unknown, refs: Set<string>, indent = ''): string {
  if (schema === true || schema === undefined || !isObject(schema)) return 'unknown'
  if (typeof schema.$ref === 'string') {
    refs.add(refName(schema.$ref))
    return typeName(refName(schema.$ref))
  }
  if ('const' in schema) return JSON.stringify(schema.const)
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ')
  for (const union of ['anyOf', 'oneOf'] as const) {
    const members = schema[union]
    if (Array.isArray(members)) return [...new Set(members.map((m) => wrap(tsType(m, refs, indent))))].join(' | ')
  }
  if (Array.isArray(schema.allOf)) return schema.allOf.map((m) => wrap(tsType(m, refs, indent))).join(' & ')
  if (Array.isArray(schema.type)) return schema.type.map((t) => wrap(tsType({ ...schema, type: t }, refs, indent))).join(' | ')
  switch (schema.type) {
    case 'string': return 'string'
    case 'integer':
    case 'number': return 'number'
    case 'boolean': return 'boolean'
    case 'null': return 'null'
    case 'array': return `Array<${tsType(schema.items, refs, indent)}>`
    case 'object': return objectType(schema, refs, indent)
    default: return isObject(schema.properties) ? objectType(schema, refs, indent) : 'unknown'
  }
}

function objectType (schema: Json, refs: Set<string>, indent: string): string {
  const properties = isObject(schema.properties) ? schema.properties : {}
  const required = new Set(Array.isArray(schema.required) ? schema.required as string[] : [])
  const inner = `${indent}  `
  const lines = Object.entries(properties).map(([name, property]) => {
    const doc = isObject(property) && typeof property.description === 'string' ? `${inner}/** ${property.description.replace(/\*\//g, '*\\/')} */\n` : ''
    return `${doc}${inner}${key(name)}${required.has(name) ? '' : '?'}: ${tsType(property, refs, inner)}`
  })
  const extra = schema.additionalProperties
  if (isObject(extra)) lines.push(`${inner}[key: string]: ${tsType(extra, refs, inner)}`)
  if (lines.length === 0) return extra === false ? 'Record<string, never>' : 'Record<string, unknown>'
  return `{\n${lines.join('\n')}\n${indent}}`
}

/** Parenthesised when it is a union or an intersection, so it can be a member of another. */
function wrap (type: string): string {
  return /^[^{]*[|&]/.test(type) ? `(${type})` : type
}

/** `postUnimockLinkedAccountsByIdRelinkNeeded` → `postLinkedAccountsByIdRelinkNeeded`. */
function methodName (operationId: string): string {
  return operationId.replace(/^(get|post|put|patch|delete)Unimock/, '$1')
}

/** A parameter or a response as written, or the component its `$ref` names (of `kind`). */
function resolve (doc: Json, kind: 'parameters' | 'responses', p: unknown): Json {
  if (isObject(p) && typeof p.$ref === 'string') {
    const components = (doc.components as Json | undefined)?.[kind] as Json | undefined
    return (components?.[refName(p.$ref)] ?? {}) as Json
  }
  return isObject(p) ? p : {}
}

function operations (doc: Json, refs: Set<string>): Operation[] {
  const found: Operation[] = []
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    if (!path.startsWith(`${PREFIX}/`) || !isObject(item)) continue
    for (const [method, op] of Object.entries(item)) {
      if (!isObject(op) || !isObject(op.responses) || typeof op.operationId !== 'string') continue
      const parameters = (Array.isArray(op.parameters) ? op.parameters : []).map((p) => resolve(doc, 'parameters', p))
      const queryParams = parameters.filter((p) => p.in === 'query')
      const query = queryParams.length === 0
        ? undefined
        : {
            type: 'object',
            properties: Object.fromEntries(queryParams.map((p) => [p.name as string, { ...(p.schema as Json), ...(typeof p.description === 'string' ? { description: p.description } : {}) }])),
            required: queryParams.filter((p) => p.required === true).map((p) => p.name as string)
          }
      const requestBody = isObject(op.requestBody) ? op.requestBody : undefined
      const bodySchema = ((requestBody?.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as Json | undefined
      const ok = Object.entries(op.responses).filter(([status]) => /^2\d\d$/.test(status)).map(([, r]) => resolve(doc, 'responses', r))
      // An image or other bytes is read as bytes: as text it would be mangled.
      const binary = (r: Json): boolean => Object.keys((r.content as Json | undefined) ?? {}).some((type) => type.startsWith('image/') || type === 'application/octet-stream')
      const answer = ok.some(binary) ? 'bytes' : ok.every((r) => r.content === undefined || isObject((r.content as Json)['application/json'])) ? 'json' : 'text'
      const results = ok.map((r) => {
        const content = r.content as Json | undefined
        if (content === undefined) return 'undefined'
        if (binary(r)) return 'Uint8Array'
        const media = content['application/json'] as Json | undefined
        return media === undefined ? 'string' : tsType(media.schema, refs)
      })
      found.push({
        method: method.toUpperCase(),
        path,
        name: methodName(op.operationId),
        summary: typeof op.summary === 'string' ? op.summary : typeof op.description === 'string' ? op.description : undefined,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name as string),
        query,
        body: bodySchema,
        bodyRequired: requestBody?.required === true,
        result: [...new Set(results)].map(wrap).join(' | ') || 'undefined',
        answer
      })
    }
  }
  return found
}

/** The operation's named types (`GetClockResult`, `PostClockAdvanceBody`, `GetRequestsQuery`) and its method. */
/**
 * `seen` maps each multi-line type already written to its name: an operation answering the same shape as an
 * earlier one (a fault, a target, a run) gets an alias of it rather than a second copy.
 */
function operationSource (op: Operation, refs: Set<string>, seen: Map<string, string>): { types: string[], method: string } {
  const base = op.name[0]!.toUpperCase() + op.name.slice(1)
  const types: string[] = []
  const named = (suffix: string, type: string): string => {
    const what = suffix === 'Result' ? `What ${op.method} ${op.path} answers` : `The ${suffix.toLowerCase()} of ${op.method} ${op.path}`
    const same = type.includes('\n') ? seen.get(type) : undefined
    if (same === undefined && type.includes('\n')) seen.set(type, `${base}${suffix}`)
    types.push(`/** ${what}. */\nexport type ${base}${suffix} = ${same ?? type}`)
    return `${base}${suffix}`
  }
  const args: string[] = []
  if (op.pathParams.length > 0) args.push(`params: { ${op.pathParams.map((p) => `${key(p)}: string`).join(', ')} }`)
  if (op.body !== undefined) args.push(`body${op.bodyRequired ? '' : '?'}: ${named('Body', tsType(op.body, refs))}`)
  if (op.query !== undefined) {
    const optional = !Array.isArray(op.query.required) || op.query.required.length === 0
    args.push(`query${optional ? '?' : ''}: ${named('Query', tsType(op.query, refs))}`)
  }
  const result = named('Result', op.result)
  const path = op.path.slice(PREFIX.length).replace(/\{([^}]+)\}/g, (_m, name: string) => `\${encodeURIComponent(params${IDENTIFIER.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`})}`)
  const call = `this.#call('${op.method}', \`${path}\`, ${op.query === undefined ? 'undefined' : 'query'}, ${op.body === undefined ? 'undefined' : 'body'}, '${op.answer}')`
  const doc = `  /** ${op.method} ${op.path}${op.summary === undefined ? '' : `: ${op.summary.replace(/\*\//g, '*\\/').split('\n')[0]}`} */\n`
  return { types, method: `${doc}  ${op.name} (${args.join(', ')}): Promise<${result}> {\n    return ${call} as Promise<${result}>\n  }` }
}

/** The generated module's text for an OpenAPI document. */
export function controlClientSource (doc: Json): string {
  const refs = new Set<string>()
  const ops = operations(doc, refs)
  const seen = new Map<string, string>()
  const sources = ops.map((op) => operationSource(op, refs, seen))
  const methods = sources.map((s) => s.method)
  // Component schemas, with the ones they name in turn.
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Json
  const types: string[] = []
  const done = new Set<string>()
  for (let pending = [...refs]; pending.length > 0; pending = [...refs].filter((r) => !done.has(r))) {
    for (const name of pending.sort()) {
      done.add(name)
      const schema = schemas[name]
      const doc = isObject(schema) && typeof schema.description === 'string' ? `/** ${schema.description.replace(/\*\//g, '*\\/')} */\n` : ''
      types.push(`${doc}export type ${typeName(name)} = ${tsType(schema, refs)}`)
    }
  }
  types.sort((a, b) => a.replace(/^\/\*\*.*\*\/\n/s, '').localeCompare(b.replace(/^\/\*\*.*\*\/\n/s, '')))
  return `${HEADER}

${[...types, ...sources.flatMap((s) => s.types)].join('\n\n')}

${CLIENT_HEAD}
${methods.join('\n\n')}
}
`
}

const HEADER = `// Generated by scripts/write-control-client.mjs from /openapi.json (the control API's TypeBox schemas).
// Do not edit: npm run build regenerates it, and test/server-control/control-client.test.ts fails while it is stale.`

const CLIENT_HEAD = `export interface ControlClientOptions {
  /** Where unimock listens, e.g. http://127.0.0.1:4010 (startUnimock's url). */
  readonly baseUrl: string
  /** The tenant's API key, sent as a Bearer token (the control API's per-tenant routes need it). */
  readonly apiKey?: string
  /** A fetch of your own (defaults to the global one). */
  readonly fetch?: typeof fetch
}

/** A control API answer outside 2xx: its status and its JSON Problem body. */
export class ControlError extends Error {
  readonly status: number
  readonly body: unknown

  constructor (status: number, body: unknown, method: string, path: string) {
    const detail = typeof body === 'object' && body !== null && 'detail' in body ? String((body as { detail: unknown }).detail) : JSON.stringify(body)
    super(\`\${method} /_unimock\${path} answered \${status}: \${detail}\`)
    this.name = 'ControlError'
    this.status = status
    this.body = body
  }
}

/** A typed client of unimock's control API (/_unimock): one method per operation, named after its operationId. */
export class ControlClient {
  readonly #base: string
  readonly #apiKey: string | undefined
  readonly #fetch: typeof fetch

  constructor (options: ControlClientOptions) {
    this.#base = options.baseUrl.replace(/\\/+$/, '')
    this.#apiKey = options.apiKey
    this.#fetch = options.fetch ?? fetch
  }

  /** The same client for another tenant. */
  withApiKey (apiKey: string): ControlClient {
    return new ControlClient({ baseUrl: this.#base, apiKey, fetch: this.#fetch })
  }

  async #call (method: string, path: string, query: Record<string, unknown> | undefined, body: unknown, answer: 'json' | 'text' | 'bytes'): Promise<unknown> {
    const search = new URLSearchParams()
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue
      for (const v of Array.isArray(value) ? value : [value]) search.append(name, String(v))
    }
    const qs = search.toString()
    const headers: Record<string, string> = { accept: 'application/json' }
    if (this.#apiKey !== undefined) headers.authorization = \`Bearer \${this.#apiKey}\`
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await this.#fetch(\`\${this.#base}/_unimock\${path}\${qs === '' ? '' : \`?\${qs}\`}\`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    if (res.ok && answer === 'bytes') return new Uint8Array(await res.arrayBuffer())
    const text = await res.text()
    const parsed: unknown = text !== '' && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text
    if (!res.ok) throw new ControlError(res.status, parsed, method, path)
    return answer === 'json' ? (text === '' ? undefined : parsed) : text
  }
`
