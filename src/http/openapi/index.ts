import { declareHttpLayerResponses } from './http-layer-responses.js'
import swagger from '@fastify/swagger'
import type { TSchema } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import { promisify } from 'node:util'
import { hoistTitledSchemas, hoistUniformParametersAndResponses } from './components.js'
import { operationIdOf } from './operation-ids.js'
import { SECURITY_SCHEMES, securityOf } from './security.js'
import { markerPath, servedOperationPaths, spliceServedOperations } from './served-operations.js'
import { webhooksSection } from './webhooks.js'
import { publicOrigin } from '../public-origin.js'

/**
 * GET /openapi.json: the OpenAPI 3.1 document of every route, generated from the routes' own schemas, with
 * the official client's operationIds, each route's security requirement, shared component schemas, and the
 * webhooks the service sends. `servers` is the address the document was fetched from.
 */

export interface OpenApiOptions {
  readonly version: string
  /** Event name → payload schema of every webhook the service sends (the webhooks domain's map). */
  readonly webhooks?: Readonly<Record<string, TSchema>>
}

export function registerOpenApi (app: FastifyInstance, options: OpenApiOptions): void {
  // Parametric routes, in registration order: each is documented as the operations it serves.
  const families: RouteOptions[] = []
  let fragments: ReadonlyArray<Record<string, object>> = []
  const transform = ({ schema, url, route }: { schema: unknown, url: string, route: RouteOptions }): { schema: unknown, url: string } => {
    if (route.config?.operations !== undefined) return { schema, url: markerPath(families.indexOf(route)) }
    const method = Array.isArray(route.method) ? route.method[0]! : route.method
    const stated = schema as { operationId?: unknown } | undefined
    return { schema: { ...(schema as object), operationId: operationIdOf(method, url, stated?.operationId), security: securityOf(route) }, url }
  }
  app.addHook('onRoute', (route) => { if (route.config?.operations !== undefined) families.push(route) })
  void app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'unimock',
        version: options.version,
        description: 'A high-fidelity simulator of a unified integration service (/api/{category}/v1) and a sample plant store (/v3), with a control API under /_unimock.',
        license: { name: 'MIT', identifier: 'MIT' }
      },
      servers: [{ url: 'http://127.0.0.1:4010', description: 'unimock on its default host and port' }],
      components: { securitySchemes: SECURITY_SCHEMES },
      tags: [
        { name: 'control', description: 'unimock control API' },
        { name: 'plant', description: 'plant store: plants' },
        { name: 'user', description: 'plant store: users and sessions' },
        { name: 'link-widget', description: 'link widget: the script, pages and JSON endpoints the browser widget uses' },
        { name: 'webhooks', description: 'what the unified service POSTs to webhook targets' }
      ]
    },
    transform: transform as never,
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject
      const document = documentObject.openapiObject as Record<string, unknown>
      document.paths = spliceServedOperations(document.paths as Record<string, object>, fragments)
      document.webhooks = webhooksSection(options.webhooks ?? {})
      return declareHttpLayerResponses(hoistUniformParametersAndResponses(hoistTitledSchemas(document))) as typeof documentObject.openapiObject
    }
  })

  // The document is built once; only the server it was fetched from differs between requests. It is about
  // 1.8 MB of JSON and a tenth of that gzipped: a client that accepts gzip gets it so, compressed once per origin.
  const compressed = new Map<string, Promise<Buffer>>()
  let served: Promise<void> | undefined
  app.get('/openapi.json', { schema: { hide: true } }, async (request, reply) => {
    // The operations of parametric routes join the document on its first request.
    served ??= servedOperationPaths(families, transform).then((paths) => { fragments = paths })
    await served
    const origin = publicOrigin(request)
    const document = (): string => JSON.stringify({ ...app.swagger(), servers: [{ url: origin, description: 'this unimock' }] })
    void reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8')
    if (!acceptsGzip(request)) return document()
    let body = compressed.get(origin)
    if (body === undefined) {
      // Origins come from the Host header: keep a few, not one per name a client makes up.
      if (compressed.size >= 8) compressed.clear()
      // node:zlib loads on the first gzipped document, not at every start (1.4 ms of a cold start).
      body = import('node:zlib').then(async ({ gzip }) => await promisify(gzip)(document()))
      compressed.set(origin, body)
    }
    return await reply.header('content-encoding', 'gzip').send(await body)
  })
}

/** Does Accept-Encoding take gzip (`gzip`, `*`, with a q above 0)? */
function acceptsGzip (request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding']
  if (typeof header !== 'string') return false
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    return (coding === 'gzip' || coding === '*' || coding === 'x-gzip') && (q === undefined || Number(q) > 0)
  })
}
