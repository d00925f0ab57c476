import type { FastifyRequest } from 'fastify'
import { type AppError, appError } from '../core/errors.js'
import type { HttpInterface } from '../http/interfaces.js'

/** What a plant route tells the error adapter through its Fastify `config`. */
export interface PlantRouteConfig {
  /** The route takes a plant body: any failure to read one is the spec's 405 Invalid input. */
  readonly plantBody?: boolean
}

declare module 'fastify' {
  interface FastifyContextConfig extends PlantRouteConfig {}
}

const UNREADABLE_BODY = new Set(['INVALID_REQUEST', 'MALFORMED_JSON', 'JSON_TOO_DEEP', 'UNSUPPORTED_MEDIA_TYPE'])

/**
 * The plant store dialect: every error is `{"code": <status>, "type": "error", "message": "..."}` as
 * application/json (a superset of the reference V3 `{code,message}` and V2 `{code,type,message}`; the Go client
 * test looks for "type"). On add and update, a body that cannot be read at all (malformed JSON, wrong content
 * type, empty) is "405 Invalid input", the only error the spec documents for add.
 */
export const plantInterface: HttpInterface = {
  name: 'plant-store',
  prefixes: ['/v3'],
  render: (error) => ({
    contentType: 'application/json',
    body: { code: error.status, type: 'error', message: error.message }
  }),
  adapt: (error, request) => {
    if (!UNREADABLE_BODY.has(error.code)) return error
    if (request.routeOptions.config.plantBody !== true) return error
    return appError('PLANT_INVALID_INPUT', { reason: bodyReason(error, request) }, error.headers)
  }
}

function bodyReason (error: AppError, request: FastifyRequest): string {
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') {
    const type = request.headers['content-type']
    return type === undefined
      ? 'the body has no Content-Type; send it as application/json'
      : `Content-Type ${type.slice(0, 80)} is not supported; send application/json`
  }
  return error.message.replace(/\.$/, '')
}
