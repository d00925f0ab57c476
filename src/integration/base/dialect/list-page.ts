import { plainCursors } from '../../../core/cursor.js'
import { appError } from '../../../core/errors.js'
import { cursorText, openCursor, pageOf, pageSize, walk } from '../../../core/pagination.js'

export interface ListPage<T> { readonly next: string | null, readonly previous: string | null, readonly results: T[] }

/**
 * A page of a list built in memory (nested lists, custom objects): plain cursors over item positions, the
 * service's page_size rules, DATA_BAD_CURSOR for a cursor that is not one of these.
 */
export function listPage<T> (items: readonly T[], cursor: string | undefined, size: number | undefined): ListPage<T> {
  const w = walk(openCursor(plainCursors, cursor, undefined, () => appError('DATA_BAD_CURSOR')), pageSize(size))
  const indexed = items.map((item, i) => ({ i, item }))
  const fetched = w.backward
    ? indexed.filter((x) => w.from === null || x.i < w.from).reverse().slice(0, w.limit)
    : indexed.filter((x) => w.from === null || x.i > w.from).slice(0, w.limit)
  const page = pageOf(w, fetched, (x) => x.i)
  return { next: cursorText(plainCursors, page.next, undefined), previous: cursorText(plainCursors, page.previous, undefined), results: page.rows.map((x) => x.item) }
}
