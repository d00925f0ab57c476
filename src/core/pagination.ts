import type { AppError } from './errors.js'
import type { CursorAt, CursorCodec, CursorProblem } from './cursor.js'

/**
 * The one pagination helper of every list (data, linked accounts, sync status, and the lists to come): the
 * page-size policy, and keyset walks over a list ordered by an integer key (a creation sequence, a
 * catalogue position). A list supplies only what it alone knows: how to fetch the rows of a walk, and which
 * cursor codec names its pages (core/cursor.ts).
 *
 *   const size = pageSize(query.page_size)
 *   const w = walk(openCursor(plainCursors, query.cursor, undefined, () => appError('...')), size)
 *   const page = pageOf(w, repo.walk(w), (row) => row.seq)
 *   return { next: cursorText(plainCursors, page.next, undefined), previous: ..., results: page.rows.map(view) }
 */

/** The real service's page size: 30 unless asked for; larger requests are capped at 100, never refused. */
export const PAGE_SIZE_DEFAULT = 30
export const PAGE_SIZE_MAX = 100

export function pageSize (requested: number | undefined): number {
  return Math.min(requested ?? PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX)
}

/** The cursor a request sent, opened; null when none was sent; the list's own 400 when it cannot be used. */
export function openCursor<B> (codec: CursorCodec<B>, text: string | null | undefined, binding: B, refuse: (problem: CursorProblem) => AppError): CursorAt | null {
  if (text === undefined || text === null) return null
  const opened = codec.open(text, binding)
  if (!opened.ok) throw refuse(opened.problem)
  return opened.at
}

/** A page's cursor as the list answers it: the encoded text, null at either end. */
export function cursorText<B> (codec: CursorCodec<B>, at: CursorAt | null, binding: B): string | null {
  return at === null ? null : codec.encode(at, binding)
}

/**
 * What to fetch for a page: the rows after `from` in key order (before it, in reverse key order, when
 * `backward`), at most `limit` of them: one more than the page shows, to know whether the list goes on.
 */
export interface Walk {
  readonly from: number | null
  readonly backward: boolean
  readonly size: number
  readonly limit: number
}

export function walk (cursor: CursorAt | null, size: number): Walk {
  return { from: cursor?.position ?? null, backward: cursor?.backward ?? false, size, limit: size + 1 }
}

export interface Page<R> {
  /** In list (key) order, whichever way the walk went. */
  readonly rows: R[]
  readonly next: CursorAt | null
  readonly previous: CursorAt | null
}

/**
 * The page a walk found, from the rows fetched in walk order (at most `limit`). `stoppedAt`: the walk
 * stopped at this key before the list's end without filling the page (a scan budget ran out), so the page
 * is short and the list goes on from there.
 *
 * The cursors follow Django REST framework's CursorPagination, the real service's: the one ahead (next, or
 * previous walking backward) while rows remain; the one behind whenever the page was reached through a
 * cursor, from the page's first row, or from just past the cursor's own position when the page is empty.
 */
export function pageOf<R> (w: Walk, fetched: readonly R[], key: (row: R) => number, stoppedAt?: number): Page<R> {
  const full = fetched.length > w.size
  const rows = full ? fetched.slice(0, w.size) : fetched.slice()
  const onward = full ? key(rows[rows.length - 1]!) : stoppedAt
  const ahead = onward === undefined ? null : { position: onward, backward: w.backward }
  const behind = w.from === null
    ? null
    : { position: rows.length > 0 ? key(rows[0]!) : w.backward ? w.from - 1 : w.from + 1, backward: !w.backward }
  if (!w.backward) return { rows, next: ahead, previous: behind }
  rows.reverse()
  return { rows, next: behind, previous: ahead }
}

/**
 * Dense lists (keys 0..n-1 without gaps: a fixed list in catalogue order, such as sync status) name a page
 * by its first row, `p=<first position>`, and step back by arithmetic: the previous page is the one
 * starting `size` rows earlier, so they never walk backward. These are the cursors sync-status has always
 * answered. `denseWalk` turns such a start into a walk; `denseStart` a found page's cursor into a start.
 */
export function denseWalk (start: number | null, size: number): Walk {
  return walk(start === null ? null : { position: start - 1, backward: false }, size)
}

export function denseStart (at: CursorAt | null, size: number): number | null {
  if (at === null) return null
  if (!at.backward) return at.position + 1
  return at.position <= 0 ? null : Math.max(0, at.position - size)
}
