/**
 * Reading the OpenAPI document in tests: it shares schemas, parameters and responses through local `$ref`s
 * (#/components/...). `resolve` follows them, so a test reads an operation as if everything were inlined.
 */
type Json = any

function pointer (doc: Json, ref: string): Json {
  if (!ref.startsWith('#/')) throw new Error(`not a local reference: ${ref}`)
  return ref.slice(2).split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node: Json, key) => node?.[key], doc)
}

/** A deep copy of `node` with every local `$ref` replaced by what it points at. */
export function resolve (doc: Json, node: Json, seen: ReadonlySet<string> = new Set()): Json {
  if (Array.isArray(node)) return node.map((item) => resolve(doc, item, seen))
  if (node === null || typeof node !== 'object') return node
  if (typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) return node
    return resolve(doc, pointer(doc, node.$ref), new Set([...seen, node.$ref]))
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolve(doc, v, seen)]))
}
