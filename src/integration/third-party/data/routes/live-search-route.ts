import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { journaled } from '../../../base/dialect/journal-recorder.js'
import { Detail } from '../../../base/dialect/schemas.js'
import type { DataService } from '../service.js'

const LiveSearchQuery = Type.Object({
  name: Type.Optional(Type.String({ description: 'part of the ticket name, any case' })),
  status: Type.Optional(Type.String()),
  assignee_ids: Type.Optional(Type.String({ description: 'comma-separated user ids: any of them' })),
  collection_ids: Type.Optional(Type.String({ description: 'comma-separated collection ids: any of them' })),
  ticket_url: Type.Optional(Type.String()),
  remote_cursor: Type.Optional(Type.String({ description: 'the next of an earlier answer' })),
  assignees: Type.Optional(Type.String()),
  collections: Type.Optional(Type.String()),
  include_deleted_data: Type.Optional(Type.Boolean()),
  include_remote_fields: Type.Optional(Type.Boolean()),
  include_shell_data: Type.Optional(Type.Boolean()),
  remote_fields: Type.Optional(Type.String()),
  show_enum_origins: Type.Optional(Type.String())
})

const list = (value: string | undefined): string[] | undefined => value?.split(',').map((v) => v.trim()).filter(Boolean)
const overlaps = (field: unknown, wanted: string[] | undefined): boolean =>
  wanted === undefined || (Array.isArray(field) && field.some((v) => wanted.includes(String(v))))

/**
 * GET /api/ticketing/v1/tickets/live-search (facts §16 proposal): the third party searched at request time,
 * simulated over the account's tickets a page at a time; `next` is the remote cursor to send back as
 * `remote_cursor`. The client returns this answer as a raw stream (the spec types it binary).
 */
export const liveSearchRoute: FastifyPluginAsync<{ data: DataService, authenticate: (request: FastifyRequest) => Promise<void>, accountId: (request: FastifyRequest) => string }> = async (app, { data, authenticate, accountId }) => {
  const tickets = data.catalogue.byId('ticketing.Ticket')
  if (tickets === undefined) return
  app.withTypeProvider<TypeBoxTypeProvider>().get('/api/ticketing/v1/tickets/live-search', {
    onRequest: authenticate,
    config: journaled('live-search', { category: 'ticketing', model: 'ticketing.Ticket' }),
    schema: {
      tags: ['unified: ticketing'],
      summary: 'Search the third party\'s tickets now (name, status, assignees, collections, ticket_url), a remote page at a time',
      querystring: LiveSearchQuery,
      response: {
        200: Type.Object({ next: Type.Union([Type.String(), Type.Null()]), previous: Type.Null(), results: Type.Array(Type.Record(Type.String(), Type.Unknown())) }),
        400: Detail, 401: Detail, 403: Detail
      }
    }
  }, async (request) => {
    const q = request.query
    const page = data.list(accountId(request), tickets, {
      page_size: 100,
      ...(q.remote_cursor === undefined ? {} : { cursor: q.remote_cursor }),
      ...(q.include_deleted_data === undefined ? {} : { include_deleted_data: q.include_deleted_data })
    })
    const assignees = list(q.assignee_ids)
    const collections = list(q.collection_ids)
    const results = page.results.filter((t) =>
      (q.name === undefined || String(t.name ?? '').toLowerCase().includes(q.name.toLowerCase())) &&
      (q.status === undefined || t.status === q.status) &&
      (q.ticket_url === undefined || t.ticket_url === q.ticket_url) &&
      overlaps(t.assignees, assignees) && overlaps(t.collections, collections))
    return { next: page.next, previous: null, results }
  })
}
