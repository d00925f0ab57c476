/**
 * Parsing an answer the way a strict official client would: the Node client's own serializers with unknown
 * keys, unknown enum values and unknown union members refused and validation on. The client itself parses
 * leniently (passthrough, skipValidation), so an answer it accepts can still break a stricter client; this
 * is the check every answer of unimock must pass.
 */
import * as serializers from '@mergeapi/merge-node-client/serialization/index.js'

export const STRICT = {
  unrecognizedObjectKeys: 'fail',
  allowUnrecognizedUnionMembers: false,
  allowUnrecognizedEnumValues: false,
  skipValidation: false,
  breadcrumbsPrefix: ['response']
} as const

interface ParseError { path: string[], message: string }
type ParseResult = { ok: true, value: unknown } | { ok: false, errors: ParseError[] }
interface Schema { parse(raw: unknown, opts: typeof STRICT): ParseResult }

/** The serializer at a dotted path of the client's serialization module, e.g. `hris.PaginatedEmployeeList`. */
export function serializer (path: string): Schema {
  let node: unknown = serializers
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part]
  if (node === undefined || typeof (node as Partial<Schema>).parse !== 'function') throw new Error(`the client has no serializer ${path}`)
  return node as Schema
}

/** The problems a strict client has with `body` under the serializer at `path`; empty when it parses. */
export function strictProblems (path: string, body: unknown): string[] {
  const result = serializer(path).parse(body, STRICT)
  return result.ok ? [] : result.errors.map((e) => `${e.path.join('.')}: ${e.message}`)
}
