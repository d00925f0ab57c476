import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { appError } from '../../../../core/errors.js'
import { readPackageJsonFile } from '../../../../core/fixtures.js'
import { journaled } from '../../../service/dialect/journal-recorder.js'
import { AUTH_ERRORS, Detail } from '../../../service/dialect/schemas.js'
import type { ModelDef } from '../catalogue/catalogue.js'
import type { RawQuery } from '../reads/query.js'
import { DataSchemas } from '../catalogue/schemas.js'
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

/**
 * The list and retrieve endpoints of every common model, generated from the catalogue: the documented
 * /api/{category}/v1/{segment}[/{id}]. The unversioned forms the spec has seen in use,
 * /api/{category}/{segment} and /{category}/v1/{segment}, are path aliases the app rewrites onto the
 * documented form before routing: identical answers, absent from the OpenAPI document, and a third of the
 * routes to register at start-up.
 */
export const dataRoutes: FastifyPluginAsync<DataRouteOptions> = async (app, { data, authenticate, accountId, disabledFields }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const schemas = DataSchemas.of(data.catalogue)
  const IdParams = Type.Object({ id: Type.String({ description: 'the record id (a UUID)' }) })

  const fixed = fixedSubPaths()
  for (const model of data.catalogue.models) {
    const path = `/api/${model.category}/v1/${model.segment}`
    const reserved = fixed.get(path) ?? new Set<string>()
    if (!model.nestedOnly) {
      app.pathAliases.add(`/api/${model.category}/${model.segment}`, path)
      app.pathAliases.add(`/${model.category}/v1/${model.segment}`, path)
    }
    const tags = [`unified: ${model.category}`]

    if (!model.nestedOnly) r.get(path, {
      onRequest: authenticate,
      config: journaled('list', { category: model.category, model: model.id, facets: ['model'] }),
      schema: {
        tags,
        summary: `List ${model.name} records synced from the linked account (${model.id})`,
        description: describeList(model),
        querystring: schemas.listQuery(model),
        response: { 200: schemas.list(model), 400: Detail, ...AUTH_ERRORS, 404: Detail }
      }
    }, async (request, reply) => {
      const account = accountId(request)
      const page = data.listJson(account, model, request.query as RawQuery, disabledFields(account, model.name))
      request.journal.page(page.next, page.previous)
      return reply.type(JSON_TYPE).send(page.json)
    })

    if (!model.retrieve) continue
    r.get(`${path}/:id`, {
      onRequest: authenticate,
      config: journaled('retrieve', { category: model.category, model: model.id, facets: ['model'] }),
      schema: {
        tags,
        summary: `Retrieve one ${model.name} record by id (${model.id})`,
        params: IdParams,
        querystring: schemas.retrieveQuery(model),
        response: { 200: schemas.record(model), 400: Detail, ...AUTH_ERRORS, 404: Detail }
      }
    }, async (request, reply) => {
      // A fixed path of the catalogue (remote-field-classes, live-search, ...) is never a record id: until
      // its own route exists it is an unknown route, not a missing record.
      if (reserved.has(request.params.id)) throw appError('ROUTE_NOT_FOUND', { method: request.method, path: request.originalUrl.split('?', 1)[0]! })
      const account = accountId(request)
      return reply.type(JSON_TYPE).send(data.retrieveJson(account, model, request.params.id, request.query as RawQuery, disabledFields(account, model.name)))
    })
  }
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
