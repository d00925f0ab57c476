import type { FastifyInstance } from 'fastify'
import { installJsonBody } from '../../../http/json-body.js'

/**
 * The real service accepts an empty body with Content-Type: application/json (delete-account, resync), as
 * Django REST framework does; Fastify's default parser rejects it. Installed in the unified service's own
 * plugin scope only. An empty body parses to undefined, which routes with a body schema still reject;
 * anything else goes to Fastify's own parser (with its prototype-poisoning protection), past the depth limit.
 */
export function installLenientJson (app: FastifyInstance): void {
  installJsonBody(app, { empty: 'undefined' })
}
