/**
 * A response schema as fast-json-stringify should see it. TypeBox writes a nullable value as
 * `anyOf: [X, { type: 'null' }]` and a set of literals as `anyOf: [{ const: 'A' }, { const: 'B' }]`;
 * fast-json-stringify serialises an anyOf by running Ajv on the value against each option, format checks
 * included, for every value of every response. A sync status list of 50 accounts spent two fifths of its
 * serialisation validating timestamps that way. The same shapes are written here as what the serializer
 * handles by itself: `nullable: true` on X, and a plain string for string literals. The answer is the same
 * JSON for every value the schema allows; what the schema refuses is the tests' business (every answer is
 * checked against the official clients' strict schemas), not the serializer's.
 *
 * Only the serializer's copy changes: the OpenAPI document and the validators keep the schemas as declared.
 */

type Schema = Record<string, unknown>

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v)

const isNull = (s: Schema): boolean => s.type === 'null' && s.const === undefined && s.anyOf === undefined

const isStringLiteral = (s: Schema): boolean => typeof s.const === 'string' && (s.type === undefined || s.type === 'string')

/** Keywords whose values are schemas, or lists or maps of schemas. */
const ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'] as const
const MANY = ['allOf', 'oneOf', 'prefixItems'] as const
const MAP = ['properties', 'patternProperties', '$defs', 'definitions'] as const

export function serializerSchema<T> (schema: T): T {
  return (isSchema(schema) ? normalise(schema) : schema) as T
}

function normalise (schema: Schema): Schema {
  const out: Schema = { ...schema }
  for (const k of ONE) if (isSchema(out[k])) out[k] = normalise(out[k])
  for (const k of MANY) if (Array.isArray(out[k])) out[k] = (out[k] as unknown[]).map((s) => (isSchema(s) ? normalise(s) : s))
  for (const k of MAP) {
    if (!isSchema(out[k])) continue
    out[k] = Object.fromEntries(Object.entries(out[k]).map(([name, s]) => [name, isSchema(s) ? normalise(s) : s]))
  }
  if (!Array.isArray(out.anyOf)) return out
  const options = (out.anyOf as unknown[]).map((s) => (isSchema(s) ? normalise(s) : s))
  const merged = simplified(options)
  if (merged === undefined) return { ...out, anyOf: options }
  const { anyOf: _anyOf, ...siblings } = out
  return { ...siblings, ...merged }
}

/** One schema the serializer handles without Ajv that writes what the anyOf would, or undefined. */
function simplified (options: readonly unknown[]): Schema | undefined {
  if (!options.every(isSchema)) return undefined
  const nullable = options.some(isNull)
  const rest = options.filter((s) => !isNull(s))
  let one: Schema | undefined
  if (rest.length === 1) one = rest[0]!
  else if (rest.length > 1 && rest.every(isStringLiteral)) one = { type: 'string' }
  if (one === undefined || one.$ref !== undefined || one.nullable !== undefined) return undefined
  return nullable ? { ...one, nullable: true } : one
}
