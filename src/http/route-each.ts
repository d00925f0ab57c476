import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import { CATEGORY_PARAM, nameOperation, type RouteFacts } from './route-facts.js'
import { continueUnrouted, skippedWhenUnrouted } from './unrouted.js'

const RECORDED = ['get', 'post', 'put', 'patch', 'delete'] as const

/**
 * One route for an operation every category has (`/api/{category}/v1/issues` of hris, ats, ...): the route
 * is written as before, once per category, through the `r` handed to `build`, which records it instead of
 * registering it. One route, `/api/:category/v1/issues`, then serves them all: a request is named as its
 * category's operation (route-facts.ts) before any other hook and answered by that category's handler; a
 * category without the operation is answered as no route. Each category's operation keeps its declaration,
 * its schemas and its own entry in the OpenAPI document (`config.operations`); the schemas that validate
 * are the first category's, which every category shares (the tags aside). A category added to the list
 * costs no route at start-up.
 *
 *   routeEach(r, CATEGORIES, (category, r) => r.get(`/api/${category}/v1/issues`, { onRequest, config, schema }, handler))
 *
 * With a body (POST, PATCH, DELETE), no route's answer comes after the root's body parser has read the body:
 * an unknown category's request continues as the root's 404 route from its first hook (unrouted.ts), so its
 * body is parsed, refused or ignored exactly as for a path nothing serves.
 */
export function routeEach<A extends Pick<FastifyInstance, 'route'>> (app: A, categories: readonly string[], build: (category: string, r: A) => void): void {
  // What build wrote for each category, in order: the n-th route of every category is one operation.
  const written = categories.map((category) => {
    const routes: RouteOptions[] = []
    const recorder = Object.fromEntries(RECORDED.map((method) => [method,
      (url: string, options: Omit<RouteOptions, 'url' | 'method' | 'handler'>, handler: RouteOptions['handler']) => {
        routes.push({ ...options, method: method.toUpperCase(), url, handler } as RouteOptions)
      }]))
    build(category, recorder as unknown as A)
    return [category, routes] as const
  })
  const [firstCategory, firstRoutes] = written[0]!
  firstRoutes.forEach((first, i) => {
    const routes = new Map(written.map(([category, list]) => [category, list[i]!]))
    serveEach(app, first.url.replace(`/${firstCategory}/`, `/${CATEGORY_PARAM}/`), first, routes)
  })
}

function serveEach (app: Pick<FastifyInstance, 'route'>, template: string, first: RouteOptions, routes: ReadonlyMap<string, RouteOptions>): void {
  const factsOf = (route: RouteOptions): RouteFacts => route.config?.facts ?? {}
  const chosen = (request: FastifyRequest): RouteOptions | undefined => routes.get((request.params as { category?: string }).category ?? '')
  const withBody = first.method !== 'GET'
  app.route({
    ...first,
    url: template,
    onRequest: [(request, reply, done) => {
      const route = chosen(request)
      if (route === undefined) {
        // No route: the answer is the one of a path nothing serves (404 or 405), after its body is read as such.
        if (withBody) { continueUnrouted(request); done() } else reply.callNotFound()
        return
      }
      nameOperation(request, factsOf(route))
      done()
    }, ...(withBody ? toArray(first.onRequest).map(skippedWhenUnrouted) : toArray(first.onRequest))],
    config: {
      ...first.config,
      facts: { ...factsOf(first), category: CATEGORY_PARAM },
      operations: [...routes.values()].map((route) => ({ method: route.method as string, url: route.url, facts: factsOf(route), schema: () => route.schema as Record<string, unknown> }))
    },
    handler (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      return chosen(request)!.handler.call(this, request, reply)
    }
  })
}

function toArray<T> (value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value]
}
