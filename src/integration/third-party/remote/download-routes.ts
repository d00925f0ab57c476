import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { journaled } from '../../base/dialect/journal-recorder.js'
import { AUTH_ERRORS, Detail, Paginated } from '../../base/dialect/schemas.js'
import { includeFlag } from '../../base/dialect/model-schemas.js'
import type { DataService } from '../data/service.js'
import type { DownloadKind, Downloads } from './downloads.js'
import { publicOrigin } from '../../../http/public-origin.js'

export interface DownloadRouteOptions {
  readonly authenticate: (request: FastifyRequest) => Promise<void>
  readonly accountId: (request: FastifyRequest) => string
  readonly downloads: Downloads
  readonly data: DataService
}

const IdParams = Type.Object({ id: Type.String({ description: 'the record id (a UUID)' }) })
const DownloadQuery = Type.Object({
  mime_type: Type.Optional(Type.String({ description: 'an export format as a file extension (pdf, docx, xlsx, ...)' })),
  include_shell_data: Type.Optional(includeFlag('include_shell_data'))
})
/** The file's own bytes, in its own Content-Type (or the export format's): any media type, not JSON. */
const Bytes = { description: 'the file\'s bytes, as its own Content-Type or the export format\'s', content: { '*/*': { schema: Type.String({ description: 'the file\'s bytes', contentMediaType: 'application/octet-stream' }) } } }
const DownloadRequestMeta = Type.Object({
  id: Type.String(),
  url: Type.String({ description: 'a URL of this server that serves the same bytes' }),
  method: Type.String(),
  headers: Type.Record(Type.String(), Type.Unknown(), { description: 'the headers that URL needs' })
}, { title: 'unified.DownloadRequestMeta' })
const MetaListQuery = Type.Object({
  ids: Type.Optional(Type.String({ description: 'comma-separated file ids' })),
  mime_types: Type.Optional(Type.String({ description: 'comma-separated export formats, one per id' })),
  cursor: Type.Optional(Type.String()),
  page_size: Type.Optional(Type.Integer({ minimum: 1 })),
  include_deleted_data: Type.Optional(includeFlag('include_deleted_data')),
  created_after: Type.Optional(Type.String()),
  created_before: Type.Optional(Type.String()),
  modified_after: Type.Optional(Type.String()),
  modified_before: Type.Optional(Type.String())
})

/** The bytes of files and ticket attachments, and where to fetch them directly (request-meta). */
export const downloadRoutes: FastifyPluginAsync<DownloadRouteOptions> = async (app, { authenticate, accountId, downloads, data }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const route = (kind: DownloadKind, path: string, model: string, what: string): void => {
    r.get(path, {
      onRequest: authenticate,
      config: journaled('download', { category: path.split('/')[2], model, facets: ['category'] }),
      schema: {
        tags: [`unified: ${path.split('/')[2] ?? ''}`],
        summary: `Download the bytes of ${what} (streamed; Content-Type is its type or the export format's)`,
        params: IdParams,
        querystring: DownloadQuery,
        response: { 200: Bytes, 400: Detail, ...AUTH_ERRORS, 404: Detail }
      }
    }, async (request, reply) => {
      const download = downloads.open(accountId(request), kind, request.params.id, request.query.mime_type)
      return reply
        .header('content-type', download.contentType)
        .header('content-length', download.size)
        .header('content-disposition', `attachment; filename="${download.fileName.replace(/["\\\r\n]/g, '_')}"`)
        // A stream is sent as it is read; the schema above only documents the bytes.
        .send(download.body as unknown as string)
    })
  }
  route('file', '/api/filestorage/v1/files/:id/download', 'filestorage.File', 'a file')
  route('attachment', '/api/ticketing/v1/attachments/:id/download', 'ticketing.Attachment', 'a ticket attachment')

  const metaOf = (request: FastifyRequest, id: string, mimeType: string | undefined): { id: string, url: string, method: string, headers: Record<string, string> } => {
    const query = mimeType === undefined ? '' : `?mime_type=${encodeURIComponent(mimeType)}`
    const headers: Record<string, string> = {}
    for (const name of ['authorization', 'x-account-token']) {
      const value = request.headers[name]
      if (typeof value === 'string') headers[name === 'authorization' ? 'Authorization' : 'X-Account-Token'] = value
    }
    return { id, url: `${publicOrigin(request)}/api/filestorage/v1/files/${encodeURIComponent(id)}/download${query}`, method: 'GET', headers }
  }

  r.get('/api/filestorage/v1/files/:id/download/request-meta', {
    onRequest: authenticate,
    config: journaled('download-meta', { category: 'filestorage', model: 'filestorage.File', facets: ['category'] }),
    schema: {
      tags: ['unified: filestorage'],
      summary: 'Where to download a file directly: a URL of this server and the headers it needs',
      params: IdParams,
      querystring: Type.Object({ mime_type: Type.Optional(Type.String()) }),
      response: { 200: DownloadRequestMeta, 400: Detail, ...AUTH_ERRORS, 404: Detail }
    }
  }, async (request) => {
    // Refuses what the download would refuse (a folder, a deleted file, a bad export format), now.
    downloads.open(accountId(request), 'file', request.params.id, request.query.mime_type).body.destroy()
    return metaOf(request, request.params.id, request.query.mime_type)
  })

  r.get('/api/filestorage/v1/files/download/request-meta', {
    onRequest: authenticate,
    config: journaled('download-meta', { category: 'filestorage', model: 'filestorage.File', facets: ['category'] }),
    schema: {
      tags: ['unified: filestorage'],
      summary: 'Where to download many files directly, a page at a time',
      querystring: MetaListQuery,
      response: { 200: Paginated(DownloadRequestMeta), 400: Detail, ...AUTH_ERRORS, 404: Detail }
    }
  }, async (request) => {
    const { ids, mime_types: mimeTypes, ...rest } = request.query
    const types = mimeTypes === undefined ? [] : mimeTypes.split(',').map((m) => m.trim())
    if (ids !== undefined) {
      const wanted = ids.split(',').map((id) => id.trim()).filter((id) => id !== '')
      const results = wanted.map((id, i) => {
        downloads.meta(accountId(request), 'file', id)
        return metaOf(request, id, types[i])
      })
      return { next: null, previous: null, results }
    }
    const model = data.catalogue.byId('filestorage.File')
    if (model === undefined) throw new Error('no filestorage.File in the catalogue')
    const raw: Record<string, string> = {}
    for (const [k, v] of Object.entries(rest)) if (v !== undefined) raw[k] = String(v)
    const page = data.list(accountId(request), model, raw)
    request.journal.page(page.next, page.previous)
    return { next: page.next, previous: page.previous, results: page.results.map((f) => metaOf(request, String(f.id), types[0])) }
  })
}

