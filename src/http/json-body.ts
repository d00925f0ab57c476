import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type AppError, appError } from '../core/errors.js'
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../core/json-depth.js'
import { jsonSyntaxError } from '../core/json-syntax.js'

type Done = (error: Error | null, body?: unknown) => void

/** How a scope turns a non-empty JSON text into a body; it answers through `done`. */
export type JsonParse = (request: FastifyRequest, text: string, done: Done) => void

export interface JsonBodyOptions {
  /** An empty body with Content-Type: application/json: no body (undefined), or a 400. */
  readonly empty: 'undefined' | 'error'
  /** Fastify's own parser (prototype-poisoning protection) unless the scope brings its own. */
  readonly parse?: JsonParse
}

const EMPTY = (): AppError => appError('MALFORMED_JSON', { reason: 'the body is empty but Content-Type is application/json' })

/**
 * The one application/json parser of every scope (the root's for the control API, the unified service's
 * lenient one, the plant store's lossless one): a body nested past MAX_JSON_DEPTH is refused with a 400 naming
 * the limit before anything parses or validates it, as recursive code down the line would overflow the stack.
 * Each scope renders the error in its own dialect.
 */
export function installJsonBody (scope: FastifyInstance, options: JsonBodyOptions): void {
  const parse: JsonParse = options.parse ?? fastifyJson(scope)
  scope.removeContentTypeParser('application/json')
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string
    if (text.trim() === '') {
      if (options.empty === 'undefined') done(null, undefined)
      else done(EMPTY(), undefined)
      return
    }
    if (jsonNestsDeeperThan(text)) { done(appError('JSON_TOO_DEEP', { limit: MAX_JSON_DEPTH }), undefined); return }
    parse(request, text, done)
  })
}

/**
 * Fastify's own parser (its prototype-poisoning protection), saying what is wrong and where: Fastify's message
 * ("Body is not valid JSON but content-type is set to 'application/json'") gave neither.
 */
function fastifyJson (scope: FastifyInstance): JsonParse {
  const parse = scope.getDefaultJsonParser('error', 'error') as JsonParse
  return (request, text, done) => {
    parse(request, text, (error, body) => {
      if ((error as { code?: string } | null)?.code !== 'FST_ERR_CTP_INVALID_JSON_BODY') { done(error, body); return }
      const reason = jsonSyntaxError(text) ?? 'it has a __proto__ or constructor.prototype key, which is refused'
      done(appError('MALFORMED_JSON', { reason }), undefined)
    })
  }
}
