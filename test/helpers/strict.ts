import { createRequire } from 'node:module'

/** The official client's serializers: `parse` judges a wire body strictly (unknown keys and enum values fail). */
interface Schema { parse: (raw: unknown, opts: Record<string, unknown>) => { ok: boolean, errors?: unknown[] } }

const require = createRequire(import.meta.url)

/** A schema of @mergeapi/merge-node-client's serialization, e.g. strictSchema('hris', 'RemoteResponse'). */
export function strictSchema (category: string, type: string): Schema {
  const mod = require(`@mergeapi/merge-node-client/serialization/resources/${category}/types/${type}.js`) as Record<string, Schema>
  const schema = mod[type]
  if (schema === undefined) throw new Error(`no serializer ${category}/${type}`)
  return schema
}

/** The errors of a strict parse of `body` (empty: it conforms). */
export function strictErrors (category: string, type: string, body: unknown): unknown[] {
  const result = strictSchema(category, type).parse(body, { unrecognizedObjectKeys: 'fail', allowUnrecognizedEnumValues: false, skipValidation: false })
  return result.ok ? [] : result.errors ?? ['failed']
}
