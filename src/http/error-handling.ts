import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type AppError, appError, isAppError } from '../core/errors.js'
import type { InterfaceRegistry } from './interfaces.js'
import type { RouteTable } from './route-table.js'

/** Turns anything thrown by a route or by Fastify itself into a catalogued AppError. A 500 is always a bug. */
export function toAppError (error: unknown, bodyLimit: number): AppError {
  if (isAppError(error)) return error
  const e = error as Partial<FastifyError> & { message?: string }
  if (e.validation !== undefined) {
    return appError('INVALID_REQUEST', { reason: `${e.validationContext ?? 'request'}${describeValidation(e)}` })
  }
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return appError('BODY_TOO_LARGE', { limit: bodyLimit })
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return appError('UNSUPPORTED_MEDIA_TYPE', { contentType: 'of this request' })
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return appError('MALFORMED_JSON', { reason: 'the body is empty but Content-Type is application/json' })
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return appError('MALFORMED_JSON', { reason: e.message ?? 'unparsable' })
  }
  if (error instanceof SyntaxError || (e.statusCode === 400 && /JSON/i.test(e.message ?? ''))) {
    return appError('MALFORMED_JSON', { reason: e.message ?? 'unparsable' })
  }
  if (e.statusCode === 414) return appError('URI_TOO_LONG')
  if (e.code === 'FST_ERR_BAD_URL') return appError('INVALID_REQUEST', { reason: `the URL is malformed (${e.message ?? 'bad encoding'})` })
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return appError('INVALID_REQUEST', { reason: e.message ?? 'rejected' })
  }
  return appError('INTERNAL', { reason: e.message ?? String(error) })
}

function describeValidation (e: Partial<FastifyError>): string {
  const first = e.validation?.[0]
  if (first === undefined) return ' is invalid'
  const where = first.instancePath === '' ? '' : first.instancePath.replace(/^\//, '').replace(/\//g, '.')
  const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty
  if (missing !== undefined) return ` must have the field ${where === '' ? '' : where + '.'}${missing}`
  const unknown = (first.params as { additionalProperty?: string } | undefined)?.additionalProperty
  if (unknown !== undefined) return ` has an unknown field ${where === '' ? '' : where + '.'}${unknown}`
  return `${where === '' ? '' : ' field ' + where} ${first.message ?? 'is invalid'}`
}

export function sendError (reply: FastifyReply, interfaces: InterfaceRegistry, error: AppError): FastifyReply {
  // The dialect follows the URL the client sent, before any alias was rewritten (see PathAliases).
  const iface = interfaces.forUrl(reply.request.originalUrl)
  const adapted = iface.adapt?.(error, reply.request) ?? error
  const wire = iface.render(adapted)
  return reply.code(adapted.status).headers(adapted.headers).type(wire.contentType).send(wire.body)
}

/**
 * Errors Fastify raises while routing (a malformed percent-encoding) quote the URL it routed, which for an
 * alias is the rewritten one (see PathAliases): the client is told about the URL it sent.
 */
export function asSent<E> (error: E, request: FastifyRequest): E {
  const routed = request.url.split('?', 1)[0]!
  const sent = request.originalUrl.split('?', 1)[0]!
  const e = error as { message?: unknown }
  if (routed !== sent && typeof e.message === 'string') e.message = e.message.replace(routed, sent)
  return error
}

/** Root error and not-found handlers shared by every interface; each answer uses the URL's interface dialect. */
export function installErrorHandling (app: FastifyInstance, interfaces: InterfaceRegistry, routes: RouteTable, bodyLimit: number): void {
  app.setErrorHandler((error, request, reply) => {
    const appErr = toAppError(error, bodyLimit)
    if (appErr.status >= 500) request.log.error({ err: error }, 'request failed')
    return sendError(reply, interfaces, appErr)
  })

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    // Routing saw request.url (an alias already rewritten); the answer names the path the client sent.
    const allowed = routes.allowed(request.url.split('?', 1)[0]!)
    const path = request.originalUrl.split('?', 1)[0]!
    if (allowed.length === 0) {
      return sendError(reply, interfaces, appError('ROUTE_NOT_FOUND', { method: request.method, path }))
    }
    const allow = [...new Set([...allowed, 'OPTIONS'])].join(', ')
    if (request.method === 'OPTIONS') return reply.code(204).header('Allow', allow).send()
    return sendError(reply, interfaces, appError('METHOD_NOT_ALLOWED', { method: request.method, path, allow }, { Allow: allow }))
  })
}
