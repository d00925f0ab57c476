import swagger from '@fastify/swagger'
import Fastify, { type RouteOptions } from 'fastify'
import { SECURITY_SCHEMES } from './security.js'

/**
 * The operations a parametric route serves (its `config.operations`), documented as routes of their own: each
 * keeps its path, operationId, parameters and responses in /openapi.json. They are registered, only for the
 * document, on a Fastify of their own that routes nothing, with the parametric route's hooks (its security)
 * and its responses (those every operation shares, the fault answers included) under the operation's own
 * schemas, so the document is what one route per operation gave. Built on the document's first request,
 * off the start-up path.
 */

type Transform = (args: { schema: unknown, url: string, route: RouteOptions }) => { schema: unknown, url: string }

/** Where a parametric route's operations go in the document: its own entry, under this marker path. */
export const markerPath = (index: number): string => `/__served-operations/${index}`

/** The path items of each family's operations, in the order the families were registered. */
export async function servedOperationPaths (families: readonly RouteOptions[], transform: Transform): Promise<Array<Record<string, object>>> {
  const docs = Fastify({ logger: false, exposeHeadRoutes: false })
  // Nothing is validated or serialised here: the schemas are only read.
  docs.setValidatorCompiler(() => () => true)
  docs.setSerializerCompiler(() => (data) => JSON.stringify(data))
  await docs.register(swagger, { openapi: { openapi: '3.1.0', info: { title: '', version: '' }, components: { securitySchemes: SECURITY_SCHEMES } }, transform: transform as never })
  for (const route of families) {
    const shared = (route.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {}
    for (const op of route.config?.operations ?? []) {
      const schema = op.schema()
      const response = { ...shared, ...(schema.response as Record<string, unknown> | undefined) }
      docs.route({ method: op.method as 'GET', url: op.url, schema: { ...schema, response }, onRequest: route.onRequest, preHandler: route.preHandler, handler: async () => null })
    }
  }
  await docs.ready()
  const paths = (docs.swagger() as { paths?: Record<string, object> }).paths ?? {}
  await docs.close()
  // Each family's own paths, as the document writes them (`:id` → `{id}`), in its operations' order.
  return families.map((route) => {
    const own: Record<string, object> = {}
    for (const op of route.config?.operations ?? []) {
      const path = op.url.replace(/:([A-Za-z_][\w-]*)/g, '{$1}')
      if (paths[path] !== undefined) own[path] = paths[path]
    }
    return own
  })
}

/**
 * The document's paths with each marker replaced by its family's operations, in place; a path other routes
 * also serve (a model's create beside its list) keeps its methods in the order the routes were registered.
 */
export function spliceServedOperations (paths: Record<string, object>, fragments: ReadonlyArray<Record<string, object>>): Record<string, object> {
  const out: Record<string, object> = {}
  const add = (path: string, item: object): void => { out[path] = { ...out[path], ...item } }
  for (const [path, item] of Object.entries(paths)) {
    const marker = /^\/__served-operations\/(\d+)$/.exec(path)
    if (marker === null) add(path, item)
    else for (const [served, operations] of Object.entries(fragments[Number(marker[1])] ?? {})) add(served, operations)
  }
  return out
}
