import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void

/**
 * Checks answers against the response schemas /openapi.json declares: `check(method, path, status, type, body)`
 * gives the errors of a body (empty: it conforms), and names a content type the operation does not declare.
 * `path` is the document's template (/api/crm/v1/contacts/{id}). Validators are compiled once per response.
 */
type Json = any

const local = (node: unknown): Json => JSON.parse(JSON.stringify(node).replace(/"\$ref":"#\//g, '"$ref":"doc#/'))

export function responseChecker (doc: Json): (method: string, path: string, status: number, type: string, body: unknown) => string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema({ $id: 'doc', components: local(doc.components ?? {}) })
  const compiled = new Map<string, ValidateFunction>()
  const deref = (node: Json): Json => (typeof node?.$ref === 'string' ? node.$ref.slice(2).split('/').reduce((n: Json, k: string) => n?.[k], doc) : node)
  return (method, path, status, type, body) => {
    const response = deref(doc.paths?.[path]?.[method.toLowerCase()]?.responses?.[String(status)])
    if (response === undefined) return [`${method} ${path} declares no ${status}`]
    const mediaType = type.split(';')[0]!.trim()
    if (response.content === undefined) return []
    // The declared media type or range that covers the answer's (application/json, text/*, */*).
    const declared = [mediaType, `${mediaType.split('/')[0]}/*`, '*/*'].find((range) => response.content[range] !== undefined)
    if (declared === undefined) return [`${method} ${path} ${status} declares ${Object.keys(response.content).join(', ')}, not ${mediaType}`]
    const schema = response.content[declared].schema
    if (schema === undefined || !mediaType.endsWith('json')) return []
    const key = `${method} ${path} ${status} ${mediaType}`
    let validate = compiled.get(key)
    if (validate === undefined) { validate = ajv.compile(local(schema)); compiled.set(key, validate) }
    return validate(body) ? [] : ajv.errorsText(validate.errors, { separator: '\n' }).split('\n')
  }
}
