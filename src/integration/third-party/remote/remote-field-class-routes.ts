import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { type Static, Type } from '@sinclair/typebox'
import { appError } from '../../../core/errors.js'
import { serveByShape, type ShapedOperation } from '../../../http/operation-route.js'
import { CATEGORY_PARAM } from '../../../http/route-facts.js'
import { readPackageJsonFile } from '../../../core/fixtures.js'
import { plainCursors } from '../../../core/cursor.js'
import { cursorText, denseStart, denseWalk, openCursor, pageOf, pageSize } from '../../../core/pagination.js'
import { CUSTOM_FIELDS, remoteFieldClass } from '../data/vendor/custom-fields.js'
import type { Catalogue } from '../../base/catalogue/catalogue.js'
import { includeFlag } from '../../base/dialect/model-schemas.js'
import { journaled } from '../../base/dialect/journal-recorder.js'
import { AUTH_ERRORS, Detail, Paginated, PageSizeParam } from '../../base/dialect/schemas.js'

export interface RemoteFieldClassRouteOptions {
  readonly authenticate: (request: FastifyRequest) => Promise<void>
  /** Whose common model's classes a resource lists (`crm/accounts` → crm.Account), a fault may be scoped to it. */
  readonly catalogue: Pick<Catalogue, 'bySegment'>
}

const ClassSchema = Type.Object({
  id: Type.String(),
  display_name: Type.String(),
  remote_key_name: Type.String(),
  description: Type.String(),
  is_custom: Type.Boolean(),
  is_common_model_field: Type.Boolean(),
  is_required: Type.Boolean(),
  field_type: Type.String(),
  field_format: Type.String(),
  field_choices: Type.Array(Type.Unknown(), { description: '{value, display_name} objects; bare strings in accounting, as its schema has them' }),
  item_schema: Type.Null()
}, { title: 'unified.RemoteFieldClass' })

const Query = Type.Object({
  cursor: Type.Optional(Type.String()),
  page_size: Type.Optional(PageSizeParam()),
  ids: Type.Optional(Type.String({ description: 'comma-separated class ids' })),
  is_custom: Type.Optional(Type.Boolean()),
  is_common_model_field: Type.Optional(Type.Boolean()),
  include_deleted_data: Type.Optional(includeFlag('include_deleted_data')),
  include_remote_data: Type.Optional(includeFlag('include_remote_data')),
  include_shell_data: Type.Optional(includeFlag('include_shell_data'))
})

const ROUTE = /^GET (\/api\/([a-z]+)\/v1\/(.+))\/remote-field-classes$/

/** The remote-field-classes lists the operations fixture names (the facts' families), in its order. */
function classLists (): Array<{ path: string, category: string, resource: string }> {
  const ops = readPackageJsonFile<{ operations: Record<string, unknown> }>('fixtures/unified-operations.json').operations
  const out: Array<{ path: string, category: string, resource: string }> = []
  for (const key of Object.keys(ops)) {
    const m = ROUTE.exec(key)
    if (m !== null) out.push({ path: `${m[1]!}/remote-field-classes`, category: m[2]!, resource: `${m[2]!}/${m[3]!}` })
  }
  return out
}

/**
 * GET .../{model}/remote-field-classes: the simulated third party's custom fields of that resource (see
 * data/custom-fields.ts), the classes `include_remote_fields` shows on records. Common-model fields are not
 * listed as classes, so is_common_model_field=true answers an empty page. The lists of one shape are one
 * route (operation-route.ts); `/api/{category}/v1/{segment}/remote-field-classes` of a model without the list
 * is the model's record retrieve, as it was before they shared a route.
 */
export const remoteFieldClassRoutes: FastifyPluginAsync<RemoteFieldClassRouteOptions> = async (app, { authenticate, catalogue }) => {
  const family = journaled('remote-field-classes', { category: CATEGORY_PARAM, facets: ['category'] }).facts
  serveByShape(app, classLists().map((list): ShapedOperation => {
    const model = catalogue.bySegment(list.category, list.resource.split('/')[1]!)?.id
    return {
      method: 'GET',
      url: list.path,
      onRequest: authenticate,
      responses: RESPONSES,
      facts: journaled('remote-field-classes', { category: list.category, ...(model === undefined ? {} : { model }), facets: ['category'] }).facts,
      familyFacts: family,
      schema: () => ({
        tags: [`unified: ${list.category}`],
        summary: 'The third party\'s custom fields of this resource, as include_remote_fields shows them',
        querystring: Query,
        response: RESPONSES
      }),
      handler: async (request) => classPage(request, list.resource)
    }
  }), (shape) => shape.endsWith('/:segment/remote-field-classes'))
}

const RESPONSES = { 200: Paginated(ClassSchema), 400: Detail, ...AUTH_ERRORS }

/** One page of a resource's classes. */
function classPage (request: FastifyRequest, resource: string): Static<typeof Page> {
  const q = request.query as Static<typeof Query>
  const ids = q.ids === undefined ? undefined : new Set(q.ids.split(',').map((s) => s.trim()))
  const all = CUSTOM_FIELDS.map((f) => remoteFieldClass(resource, f))
    .filter((c) => ids === undefined || ids.has(String(c.id)))
    .filter((c) => q.is_custom === undefined || c.is_custom === q.is_custom)
    .filter((c) => q.is_common_model_field === undefined || c.is_common_model_field === q.is_common_model_field)
  const size = pageSize(q.page_size)
  const at = openCursor(plainCursors, q.cursor, undefined, () => appError('DATA_BAD_CURSOR'))
  const w = denseWalk(denseStart(at, size), size)
  const start = w.from === null ? 0 : w.from + 1
  const positions = all.map((_, i) => i).slice(start, start + w.limit)
  const page = pageOf(w, positions, (i) => i)
  request.journal.page(cursorText(plainCursors, page.next, undefined), cursorText(plainCursors, page.previous, undefined))
  return {
    next: cursorText(plainCursors, page.next, undefined),
    previous: cursorText(plainCursors, page.previous, undefined),
    results: page.rows.map((i) => all[i]!) as never[]
  }
}

const Page = Paginated(ClassSchema)
