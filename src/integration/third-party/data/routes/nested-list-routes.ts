import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { appError } from '../../../../core/errors.js'
import { journaled } from '../../../base/dialect/journal-recorder.js'
import { listPage } from '../../../base/dialect/list-page.js'
import { Detail, PageSizeParam } from '../../../base/dialect/schemas.js'
import { NESTED_LISTS, type NestedList, type NestedSource } from '../reads/nested-lists.js'
import type { DataService } from '../service.js'

export interface NestedListOptions {
  readonly data: DataService
  readonly authenticate: (request: FastifyRequest) => Promise<void>
  readonly accountId: (request: FastifyRequest) => string
}

const Page = Type.Object({
  next: Type.Union([Type.String(), Type.Null()]),
  previous: Type.Union([Type.String(), Type.Null()]),
  results: Type.Array(Type.Record(Type.String(), Type.Unknown()))
})

/**
 * The nested lists of the catalogue (nested-lists.ts), one route each: the parent must be a record of the
 * account (404 otherwise, as its retrieve answers), its items come a page at a time under plain cursors.
 */
export const nestedListRoutes: FastifyPluginAsync<NestedListOptions> = async (app, { data, authenticate, accountId }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  for (const list of NESTED_LISTS) {
    const parent = data.catalogue.byId(list.parent)
    if (parent === undefined) continue
    r.get(`/api/${list.category}/v1/${parent.segment}/:${list.param}/${list.tail}`, {
      onRequest: authenticate,
      config: journaled('list', { category: list.category, model: list.parent }),
      schema: {
        tags: [`unified: ${list.category}`],
        summary: list.summary,
        params: Type.Object({ [list.param]: Type.String() }),
        querystring: Type.Object({
          cursor: Type.Optional(Type.String()),
          page_size: Type.Optional(PageSizeParam()),
          expand: Type.Optional(Type.String({ description: `comma-separated: ${list.expand.join(', ')}` }))
        }, { description: 'the include_* flags of the client are accepted and change nothing' }),
        response: { 200: Page, 400: Detail, 401: Detail, 403: Detail, 404: Detail }
      }
    }, async (request) => {
      const account = accountId(request)
      const expand = expansions(list, request.query.expand)
      const parentId = (request.params as Record<string, string>)[list.param]!
      const record = data.retrieve(account, parent, parentId, list.parentExpand === undefined ? {} : { expand: list.parentExpand })
      const items = list.items(record, expand, sourceFor(data, account))
      const page = listPage(items, request.query.cursor, request.query.page_size)
      request.journal.page(page.next, page.previous)
      return page
    })
  }
}

function expansions (list: NestedList, raw: string | undefined): ReadonlySet<string> {
  const asked = (raw ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '')
  const unknown = asked.filter((e) => !list.expand.includes(e))
  if (unknown.length > 0) throw appError('DATA_BAD_EXPAND', { value: unknown.join(','), model: `${list.parent.split('.')[1]!} ${list.tail}`, allowed: list.expand.join(', ') })
  return new Set(asked)
}

function sourceFor (data: DataService, accountId: string): NestedSource {
  const ids = new Map<string, readonly string[]>()
  return {
    record (modelId, id, expand) {
      const model = data.catalogue.byId(modelId)
      if (model === undefined || data.record(accountId, model, id)?.live !== true) return undefined
      return data.retrieve(accountId, model, id, expand === undefined ? {} : { expand })
    },
    ids (modelId) {
      const model = data.catalogue.byId(modelId)
      if (model === undefined) return []
      let found = ids.get(modelId)
      if (found === undefined) {
        found = data.list(accountId, model, { page_size: '100' }).results.map((r) => String(r.id))
        ids.set(modelId, found)
      }
      return found
    }
  }
}
