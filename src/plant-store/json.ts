import type { FastifyInstance } from 'fastify'
import { isInteger, isSafeNumber, parse } from 'lossless-json'
import { appError } from '../core/errors.js'
import { jsonSyntaxError } from '../core/json-syntax.js'
import { installJsonBody } from '../http/json-body.js'

/**
 * Plant ids are int64 and clients send values up to 2^63-1 (the OpenAPI Generator Java tests draw random longs).
 * JSON.parse rounds anything above 2^53, so a plant added with such an id could never be fetched again. In the
 * /v3 scope the JSON parser keeps every integer exactly: unsafe integers become BigInt, everything else is what
 * JSON.parse gives. A duplicate key keeps the last value, as JSON.parse does.
 */
export function parseJsonLossless (text: string): unknown {
  // Only a run of 16+ digits can be an integer beyond 2^53; everything else takes the native parser's speed.
  if (!LONG_DIGITS.test(text)) return JSON.parse(text)
  return parse(text, null, {
    parseNumber: (value: string) => (isInteger(value) && !isSafeNumber(value) ? BigInt(value) : Number(value)),
    onDuplicateKey: ({ newValue }) => newValue
  })
}

const LONG_DIGITS = /\d{16}/

/** Replaces the default application/json parser of this scope (any charset parameter is accepted). */
export function useLosslessJson (scope: FastifyInstance): void {
  installJsonBody(scope, {
    empty: 'error',
    parse: (_request, text, done) => {
      try {
        done(null, parseJsonLossless(text))
      } catch (error) {
        done(appError('MALFORMED_JSON', { reason: jsonSyntaxError(text) ?? (error as Error).message.replace(/\.$/, '') }), undefined)
      }
    }
  })
}
