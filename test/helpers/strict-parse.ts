import { createRequire } from 'node:module'

/**
 * Parses a raw answer with the official client's own serializer in strict mode (unknown keys fail, unknown enum
 * values fail, validation on): what the client would accept from the real service. The serializer is found by
 * the type name of the facts (`CRMContactResponse`), case-insensitively (the client spells it `CrmContactResponse`).
 */
const require = createRequire(import.meta.url)

interface Schema {
  parse(raw: unknown, opts: Record<string, unknown>): { ok: true, value: unknown } | { ok: false, errors: Array<{ path: string[], message: string }> }
}

const STRICT = { unrecognizedObjectKeys: 'fail', allowUnrecognizedEnumValues: false, allowUnrecognizedUnionMembers: false, skipValidation: false, breadcrumbsPrefix: [] }

export function strictSerializer (category: string, typeName: string): Schema {
  // Through the package's serialization root: its lazy schemas resolve in the order the client loads them.
  const root = require('@mergeapi/merge-node-client/serialization/index.js') as Record<string, Record<string, Schema>>
  const types = root[category]
  if (types === undefined) throw new Error(`the client has no category ${category}`)
  const name = Object.keys(types).find((k) => k.toLowerCase() === typeName.toLowerCase())
  if (name === undefined) throw new Error(`the client has no serializer ${category}.${typeName}`)
  return types[name]!
}

/** The problems strict parsing finds (empty: the client accepts the body). */
export function strictProblems (category: string, typeName: string, body: unknown): string[] {
  const result = strictSerializer(category, typeName).parse(body, STRICT)
  return result.ok ? [] : result.errors.map((e) => `${e.path.join('.')}: ${e.message}`)
}
