import type { FastifyInstance, FastifyRequest } from 'fastify'
import { serveOperationFamily } from '../../../http/operation-route.js'
import { CATEGORY_PARAM } from '../../../http/route-facts.js'
import { journaled } from '../dialect/journal-recorder.js'
import type { WriteRoute } from './routes.js'

/** `/api/crm/v1/contacts/:id/application` → `/api/:category/v1/:segment/:id/application`. */
const shapeOf = (url: string): string => url.replace(/^\/api\/[^/]+\/v1\/[^/]+/, '/api/:category/v1/:segment')

/**
 * The write routes, one per shape: the creates of every writable model are one route, their partial updates
 * another, and so on (operation-route.ts), each operation picked by its category and segment. A shape only
 * one operation has keeps its own route: the async-task poll's shape is a data retrieve's.
 */
export function serveWriteRoutes (app: FastifyInstance, authenticate: (request: FastifyRequest) => Promise<void>, routes: readonly WriteRoute[]): void {
  const shapes = new Map<string, WriteRoute[]>()
  for (const route of routes) {
    const shape = `${route.method} ${shapeOf(route.url)}`
    shapes.set(shape, [...(shapes.get(shape) ?? []), route])
  }
  for (const [shape, family] of shapes) {
    const first = family[0]!
    if (family.length === 1) {
      app.route({ method: first.method, url: first.url, onRequest: authenticate, attachValidation: first.attachValidation, config: first.config, schema: first.schema(), handler: first.handler })
      continue
    }
    // One route answers for all of them: what it holds once must be the same for each.
    const odd = family.find((r) => r.attachValidation !== first.attachValidation || r.errors !== first.errors || r.config.facts.kind !== first.config.facts.kind)
    if (odd !== undefined) throw new Error(`${odd.method} ${odd.url} differs from ${first.url} in validation, errors or kind: it cannot share its route`)
    serveOperationFamily(app, {
      method: first.method,
      url: shape.slice(shape.indexOf(' ') + 1),
      keyOf: (params) => `${params.category}/${params.segment}`,
      onRequest: authenticate,
      attachValidation: first.attachValidation,
      config: journaled(first.config.facts.kind ?? null, { category: CATEGORY_PARAM, facets: ['model'] }),
      responses: first.errors,
      operations: family.map((route) => ({
        key: route.url.split('/').slice(2, 5).filter((_, i) => i !== 1).join('/'),
        url: route.url,
        facts: route.config.facts,
        schema: route.schema,
        handler: route.handler
      }))
    })
  }
}
