import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { plainCursors } from '../../core/cursor.js'
import { appError } from '../../core/errors.js'
import { cursorText, openCursor, pageOf, pageSize, walk } from '../../core/pagination.js'
import { journaled } from '../http/journal-recorder.js'
import { Detail, PageSizeParam } from '../http/schemas.js'
import type { DataService } from './service.js'

/**
 * GET /api/accounting/v1/expense-reports/{expense_report_id}/lines (issue #15): the report's lines, the
 * sub-objects its `lines` expands to, in their order, a page at a time.
 */
export const expenseReportLinesRoute: FastifyPluginAsync<{ data: DataService, authenticate: (request: FastifyRequest) => Promise<void>, accountId: (request: FastifyRequest) => string }> = async (app, { data, authenticate, accountId }) => {
  const reports = data.catalogue.byId('accounting.ExpenseReport')
  if (reports === undefined) return
  app.withTypeProvider<TypeBoxTypeProvider>().get('/api/accounting/v1/expense-reports/:expense_report_id/lines', {
    onRequest: authenticate,
    config: journaled('list', { category: 'accounting', model: 'accounting.ExpenseReport' }),
    schema: {
      tags: ['unified: accounting'],
      summary: 'The lines of one expense report, in pages',
      params: Type.Object({ expense_report_id: Type.String() }),
      querystring: Type.Object({
        cursor: Type.Optional(Type.String()),
        page_size: Type.Optional(PageSizeParam()),
        expand: Type.Optional(Type.String())
      }, { description: 'the include_* flags of the client are accepted and change nothing' }),
      response: {
        200: Type.Object({ next: Type.Union([Type.String(), Type.Null()]), previous: Type.Union([Type.String(), Type.Null()]), results: Type.Array(Type.Record(Type.String(), Type.Unknown())) }),
        400: Detail, 401: Detail, 403: Detail, 404: Detail
      }
    }
  }, async (request) => {
    const report = JSON.parse(data.retrieveJson(accountId(request), reports, request.params.expense_report_id, { expand: 'lines' })) as { lines: Array<Record<string, unknown>> }
    const w = walk(openCursor(plainCursors, request.query.cursor, undefined, () => appError('DATA_BAD_CURSOR')), pageSize(request.query.page_size))
    const indexed = report.lines.map((line, i) => ({ i, line }))
    const fetched = w.backward
      ? indexed.filter((x) => w.from === null || x.i < w.from).reverse().slice(0, w.limit)
      : indexed.filter((x) => w.from === null || x.i > w.from).slice(0, w.limit)
    const page = pageOf(w, fetched, (x) => x.i)
    request.journal.page(cursorText(plainCursors, page.next, undefined), cursorText(plainCursors, page.previous, undefined))
    return { next: cursorText(plainCursors, page.next, undefined), previous: cursorText(plainCursors, page.previous, undefined), results: page.rows.map((x) => x.line) }
  })
}
