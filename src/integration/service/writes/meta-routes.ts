import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify'
import { Type } from '@sinclair/typebox'
import { CATEGORY_PARAM, nameOperation, type RouteFacts, type ServedOperation } from '../../../http/route-facts.js'
import { validateQuery } from '../../../http/validation.js'
import type { ModelDef } from '../../base/catalogue/catalogue.js'
import { journaled } from '../../base/dialect/journal-recorder.js'
import { AUTH_ERRORS, Detail } from '../../base/dialect/schemas.js'
import { MetaResponse } from './schemas.js'
import type { WriteOperation } from './write-surface.js'
import type { WriteRouteOptions } from './route-options.js'

const JSON_TYPE = 'application/json; charset=utf-8'
const IdParams = Type.Object({ id: Type.String({ description: 'the record id (a UUID)' }) })

/** One model's /meta operation as the parametric route serves it. */
interface ServedMeta {
  readonly op: WriteOperation
  /** The write whose request schema it describes; undefined when the catalogue has none. */
  readonly model: ModelDef | undefined
  readonly facts: RouteFacts
  readonly query: ReturnType<typeof Type.Object>
}

interface Params { readonly category: string, readonly segment: string, readonly id?: string }

/**
 * GET .../meta/post (conditional choices as query parameters) and .../meta/patch/{id} (404 for an unknown id)
 * of every writable model: two parametric routes instead of one per model (50), as the data reads are
 * (data-routes.ts). A request is named as its model's operation before authentication, its query is
 * validated by the operation's own schema, and a path no model has is answered as no route (404, or 405
 * when another method serves it). The operations keep their own entries in /openapi.json (`config.operations`).
 */
export function registerMetaRoutes (app: FastifyInstance, o: WriteRouteOptions, ops: readonly WriteOperation[]): void {
  const served = { meta_post: new Map<string, ServedMeta>(), meta_patch: new Map<string, ServedMeta>() }
  const operations: ServedOperation[] = []
  for (const op of ops) {
    const kind = op.kind === 'meta_patch' ? 'meta_patch' : 'meta_post'
    const write = o.meta.writeOf(op)
    const model = write === undefined ? undefined : o.writes.model(write)
    const query = Type.Object(Object.fromEntries(op.query.map((q) => [q, Type.Optional(Type.String({ description: 'a choice the schema depends on' }))])))
    const facts = journaled('meta', { category: op.category, ...(model === undefined ? {} : { model: model.id }), facets: ['model'] }).facts
    const path = op.key.split(' ')[1]!
    const segment = path.split('/')[4]!
    served[kind].set(`${op.category}/${segment}`, { op, model, facts, query })
    const patch = kind === 'meta_patch'
    operations.push({
      method: 'GET',
      url: path.replace(/\{([^}]+)\}/g, ':$1'),
      facts,
      schema: () => ({
        tags: [`unified: ${op.category}`],
        summary: `The request schema of a ${patch ? 'partial update' : 'create'} of ${op.model ?? 'a record'} for the account's integration`,
        ...(patch ? { params: IdParams } : {}),
        querystring: query,
        response: { 200: MetaResponse, 400: Detail, ...AUTH_ERRORS, 404: Detail }
      })
    })
  }

  const servedOf = (kind: keyof typeof served, request: FastifyRequest): ServedMeta | undefined => {
    const { category, segment } = request.params as Params
    return served[kind].get(`${category}/${segment}`)
  }
  /** Names the request's operation, or answers it as a path no route serves (the chain stops here). */
  const name = (kind: keyof typeof served): onRequestHookHandler => (request, reply, done) => {
    const meta = servedOf(kind, request)
    if (meta === undefined) { reply.callNotFound(); return }
    nameOperation(request, meta.facts)
    done()
  }
  const errors = { 400: Detail, ...AUTH_ERRORS, 404: Detail }
  const routes = [['meta_post', '/meta/post'], ['meta_patch', '/meta/patch/:id']] as const
  for (const [kind, tail] of routes) {
    app.route({
      method: 'GET',
      url: `/api/:category/v1/:segment${tail}`,
      onRequest: [name(kind), o.authenticate],
      preValidation: (request, _reply, done) => {
        validateQuery(servedOf(kind, request)!.query, request.query)
        done()
      },
      // The first route declares both's operations, in the catalogue's order.
      config: { ...journaled('meta', { category: CATEGORY_PARAM, facets: ['model'] }), operations: kind === 'meta_post' ? operations : [] },
      schema: { response: errors },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const { op, model } = servedOf(kind, request)!
        const account = o.account(request)
        if (kind === 'meta_patch' && model !== undefined) {
          const id = (request.params as Params).id!
          if (!o.writes.exists(account, model, id)) return reply.code(404).send({ detail: `No ${model.name} with id ${id} in this linked account.` })
        }
        return reply.type(JSON_TYPE).send(JSON.stringify(o.meta.build(account, op)))
      }
    })
  }
}
