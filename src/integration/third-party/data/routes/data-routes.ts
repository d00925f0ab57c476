import type { FastifyPluginAsync, FastifyRequest, onRequestHookHandler, preValidationHookHandler } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { type TSchema, Type } from '@sinclair/typebox'
import { appError } from '../../../../core/errors.js'
import { readPackageJsonFile } from '../../../../core/fixtures.js'
import { CATEGORY_PARAM, nameOperation, type RouteFacts, type ServedOperation } from '../../../../http/route-facts.js'
import { validateQuery } from '../../../../http/validation.js'
import { journaled } from '../../../base/dialect/journal-recorder.js'
import { AUTH_ERRORS, Detail } from '../../../base/dialect/schemas.js'
import type { ModelDef } from '../../../base/catalogue/catalogue.js'
import type { RawQuery } from '../reads/query.js'
import { DataSchemas } from '../../../base/dialect/model-schemas.js'
import { NESTED_LISTS } from '../reads/nested-lists.js'
import type { DataService } from '../service.js'

export interface DataRouteOptions {
  readonly data: DataService
  /** `auth.account` of the link domain: resolves the tenant and the linked account, or answers 401/403. */
  readonly authenticate: (request: FastifyRequest) => Promise<void>
  /** The linked account id `authenticate` resolved for this request. */
  readonly accountId: (request: FastifyRequest) => string
  /** The fields of a model the account's scopes disable: the data service answers them as null. */
  readonly disabledFields: (accountId: string, modelName: string) => ReadonlySet<string>
}

/** Pages and records are sent as the JSON bytes the data service serialises (or cached); the schemas document them. */
const JSON_TYPE = 'application/json; charset=utf-8'

/** One model's endpoints as the parametric routes serve them. */
interface Served {
  readonly model: ModelDef
  /** Fixed names the real service serves under the model's path (remote-field-classes): never a record id. */
  readonly reserved: ReadonlySet<string>
  /** Undefined for a model listed only under its parent (a chat conversation's members). */
  readonly list: RouteFacts | undefined
  readonly retrieve: RouteFacts | undefined
}

interface Params { readonly category: string, readonly segment: string, readonly id?: string }

/**
 * The list and retrieve endpoints of every common model of the catalogue: the documented
 * /api/{category}/v1/{segment}[/{id}], whatever categories the catalogue holds. Two parametric routes serve
 * them all and pick the model by its category and segment (one route per model was most of the start-up):
 * each request is named as its model's operation (route-facts.ts) before authentication, its query is
 * validated by its model's own schema, and a path no model has is answered as no route (404, or 405 when
 * another method serves it). The operations are declared in the list route's config, in the document's
 * order, so /openapi.json, the 405 table and the route-facts test still see one route per operation.
 * The unversioned forms the spec has seen in use, /api/{category}/{segment} and /{category}/v1/{segment},
 * are path aliases the app rewrites onto the documented form before routing: identical answers, absent
 * from the OpenAPI document.
 *
 * Not serveByShape (http/operation-route.ts), which serves the writes and remote-field-classes lists alike:
 * it finds an operation by a `category/segment` key built per request, carries it from hook to handler in a
 * WeakMap set per request, and validates a retrieve's params too; the list page is the benchmarked path,
 * and here the params' own strings find the model with nothing built or stored per request. Its families
 * also document their operations shape by shape (every list, then every retrieve), where /openapi.json
 * has each model's retrieve beside its list, the order this route's `operations` keep.
 */
export const dataRoutes: FastifyPluginAsync<DataRouteOptions> = async (app, { data, authenticate, accountId, disabledFields }) => {
  const schemas = DataSchemas.of(data.catalogue)
  const fixed = fixedSubPaths()
  // By category, then segment: each request asks three times (its name, its query, its handler), and the
  // params' own strings, hashed once, find it without a key built anew each time.
  const served = new Map<string, Map<string, Served>>()
  const operations: ServedOperation[] = []
  for (const model of data.catalogue.models) {
    const path = `/api/${model.category}/v1/${model.segment}`
    if (!model.nestedOnly) {
      app.pathAliases.add(`/api/${model.category}/${model.segment}`, path)
      app.pathAliases.add(`/${model.category}/v1/${model.segment}`, path)
    }
    const tags = [`unified: ${model.category}`]
    const list = model.nestedOnly ? undefined : journaled('list', { category: model.category, model: model.id, facets: ['model'] }).facts
    const retrieve = model.retrieve ? journaled('retrieve', { category: model.category, model: model.id, facets: ['model'] }).facts : undefined
    const inCategory = served.get(model.category) ?? new Map<string, Served>()
    served.set(model.category, inCategory)
    inCategory.set(model.segment, { model, reserved: fixed.get(path) ?? new Set(), list, retrieve })
    if (list !== undefined) operations.push({
      method: 'GET',
      url: path,
      facts: list,
      schema: () => ({
        tags,
        summary: `List ${model.name} records synced from the linked account (${model.id})`,
        description: describeList(model),
        querystring: schemas.listQuery(model),
        response: { 200: schemas.list(model), 400: Detail, ...AUTH_ERRORS, 404: Detail }
      })
    })
    if (retrieve === undefined) continue
    operations.push({
      method: 'GET',
      url: `${path}/:id`,
      facts: retrieve,
      schema: () => ({
        tags,
        summary: `Retrieve one ${model.name} record by id (${model.id})`,
        params: IdParams,
        querystring: schemas.retrieveQuery(model),
        response: { 200: schemas.record(model), 400: Detail, ...AUTH_ERRORS, 404: Detail }
      })
    })
  }

  const servedOf = (request: FastifyRequest): Served | undefined => {
    const { category, segment } = request.params as Params
    return served.get(category)?.get(segment)
  }
  /** Names the request's operation, or answers it as a path no route serves (the chain stops here). */
  const name = (kind: 'list' | 'retrieve'): onRequestHookHandler => (request, reply, done) => {
    const facts = servedOf(request)?.[kind]
    if (facts === undefined) { reply.callNotFound(); return }
    nameOperation(request, facts)
    done()
  }
  const validate = (query: (model: ModelDef) => TSchema): preValidationHookHandler => (request, _reply, done) => {
    validateQuery(query(servedOf(request)!.model), request.query)
    done()
  }
  const errors = { 400: Detail, ...AUTH_ERRORS, 404: Detail }

  app.get('/api/:category/v1/:segment', {
    onRequest: [name('list'), authenticate],
    preValidation: validate((model) => schemas.listQuery(model)),
    config: { ...journaled('list', { category: CATEGORY_PARAM, facets: ['model'] }), operations },
    schema: { response: errors }
  }, async (request, reply) => {
    const { model } = servedOf(request)!
    const account = accountId(request)
    const page = data.listJson(account, model, request.query as RawQuery, disabledFields(account, model.name))
    request.journal.page(page.next, page.previous)
    return reply.type(JSON_TYPE).send(page.json)
  })

  app.get('/api/:category/v1/:segment/:id', {
    onRequest: [name('retrieve'), authenticate],
    preValidation: validate((model) => schemas.retrieveQuery(model)),
    // The list route declares this family's operations, retrieves included, in the document's order.
    config: { ...journaled('retrieve', { category: CATEGORY_PARAM, facets: ['model'] }), operations: [] },
    schema: { response: errors }
  }, async (request, reply) => {
    const { model, reserved } = servedOf(request)!
    const { id } = request.params as Params & { id: string }
    // A fixed path of the catalogue (remote-field-classes, live-search, ...) is never a record id: until
    // its own route exists it is an unknown route, not a missing record.
    if (reserved.has(id)) throw appError('ROUTE_NOT_FOUND', { method: request.method, path: request.originalUrl.split('?', 1)[0]! })
    const account = accountId(request)
    return reply.type(JSON_TYPE).send(data.retrieveJson(account, model, id, request.query as RawQuery, disabledFields(account, model.name)))
  })
  await nestedModelLists(app, { data, authenticate, accountId, disabledFields })
}

/**
 * The catalogue's nested lists (a chat conversation's members, a message's replies): the model's list, with its
 * filters, cursors and expand, narrowed to what one parent record ties to it; 404 when the account has no such
 * parent. Lists the hand-written nested lists already serve (nested-list-routes.ts) are left to them.
 */
const nestedModelLists: FastifyPluginAsync<DataRouteOptions> = async (app, { data, authenticate, accountId, disabledFields }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const schemas = DataSchemas.of(data.catalogue)
  const served = new Set(NESTED_LISTS.map((n) => `${n.parent}/${n.tail}`))
  for (const list of data.catalogue.nestedLists) {
    if (served.has(`${list.parent.id}/${list.tail}`)) continue
    r.get(`/api/${list.category}/v1/${list.parent.segment}/:${list.param}/${list.tail}`, {
      onRequest: authenticate,
      // A route under a model's path is that model's (journal, faults), as the hand-written nested lists are.
      config: journaled('list', { category: list.category, model: list.parent.id, facets: ['model'] }),
      schema: {
        tags: [`unified: ${list.category}`],
        summary: `List the ${list.model.name} records of one ${list.parent.name} (${list.tail})`,
        description: describeList(list.model),
        params: Type.Object({ [list.param]: Type.String({ description: `the ${list.parent.name} id (a UUID)` }) }),
        querystring: schemas.listQuery(list.model),
        response: { 200: schemas.list(list.model), 400: Detail, ...AUTH_ERRORS, 404: Detail }
      }
    }, async (request, reply) => {
      const account = accountId(request)
      const parentId = (request.params as Record<string, string>)[list.param]!
      const page = data.nestedListJson(account, list, parentId, request.query as RawQuery, disabledFields(account, list.model.name))
      request.journal.page(page.next, page.previous)
      return reply.type(JSON_TYPE).send(page.json)
    })
  }
}

const IdParams = Type.Object({ id: Type.String({ description: 'the record id (a UUID)' }) })

/** `/api/{category}/v1/{segment}` → the fixed names the real service serves under it (`remote-field-classes`). */
function fixedSubPaths (): Map<string, Set<string>> {
  const operations = readPackageJsonFile<{ operations: Record<string, unknown> }>('fixtures/unified-operations.json').operations
  const out = new Map<string, Set<string>>()
  for (const key of Object.keys(operations)) {
    const match = /^[A-Z]+ (\/api\/\w+\/v1\/[a-z-]+)\/([a-z-]+)(\/|$)/.exec(key)
    if (match === null) continue
    const [, base, name] = match as unknown as [string, string, string]
    out.set(base, (out.get(base) ?? new Set()).add(name))
  }
  return out
}

function describeList (model: ModelDef): string {
  const lines = [
    'Records appear when a sync pass writes them; modified_at is when a sync last wrote a change.',
    'modified_after/created_after are strict (>), modified_before/created_before strict (<); timestamps have microseconds.',
    'Pages follow the order records were first synced; next/previous are opaque cursors bound to the other parameters.'
  ]
  if (model.unsupportedParams.length > 0) lines.push(`Not simulated (400 if used): ${model.unsupportedParams.join(', ')}.`)
  return lines.join(' ')
}
