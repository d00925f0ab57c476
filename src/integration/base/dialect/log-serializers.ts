import type { FastifyRequest } from 'fastify'
import { redactUrl } from '../../../core/redaction.js'

export { redactUrl }

/** Fastify's request log serializer, with tokens taken out of the URL (headers are redacted by the app). */
export function redactedRequest (request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort
  }
}

/**
 * Log serializers for the unified-service plugins. Pino accepts serializers returning objects; Fastify's
 * typing of `logSerializers` says string, hence the cast.
 */
export const redactingLogSerializers = { req: redactedRequest } as unknown as Record<string, (value: unknown) => string>
