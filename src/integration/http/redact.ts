import type { FastifyRequest } from 'fastify'

// Path segments and query values that carry a token: /account-token/<public token>, /link-tokens/<link token>.
const PATH_TOKEN = /(\/(?:account-token|link-tokens)\/)(?!regenerate(?:[/?]|$))[^/?]+/g
const QUERY_TOKEN = /([?&](?:link_token|public_token|account_token)=)[^&]*/g

/** A URL as it may be logged: tokens replaced by [redacted]. */
export function redactUrl (url: string): string {
  return url.replace(PATH_TOKEN, '$1[redacted]').replace(QUERY_TOKEN, '$1[redacted]')
}

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
