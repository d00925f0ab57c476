import { type CursorAt, type CursorBinding, type CursorCodec, type CursorProblem, sealedCursors } from '../../../../core/cursor.js'
import { type AppError, appError } from '../../../../core/errors.js'
import { hash32 } from '../../../../core/hash.js'
import { cursorText, openCursor, pageOf, walk } from '../../../../core/pagination.js'
import type { ModelDef } from '../../../base/catalogue/catalogue.js'
import type { AccountData } from '../fake/account-data.js'
import type { DataSet, RecordRow } from '../records/repository.js'
import { contentMatcher } from './content-filters.js'
import type { ListQuery } from './query.js'
import type { ReadParts } from './read-parts.js'

/** The rows of one page and its cursors, sealed. `data` is undefined when the account has no such data set yet. */
export interface FoundPage {
  readonly next: string | null
  readonly previous: string | null
  readonly rows: readonly RecordRow[]
  readonly data: AccountData | undefined
  readonly setId: number
}

/** Rows a content-filtered request may examine before it answers with what it found and a cursor to go on. */
export const SCAN_BUDGET = 20_000
const BATCH = 256

const seqOf = (row: RecordRow): number => row.seq

function refuseCursor (problem: CursorProblem): AppError {
  if (problem === 'foreign') return appError('DATA_CURSOR_FOREIGN')
  if (problem === 'changed') return appError('DATA_CURSOR_PARAMS_CHANGED')
  return appError('DATA_BAD_CURSOR')
}

/**
 * Pages of a model in the order records were first synced: a keyset on that internal sequence, so inserts
 * and changes between pages never shift a walk. SQLite applies the time windows; content filters run on the
 * values reads show, a batch of rows at a time, within a scan budget.
 */
export class PageWalker {
  readonly #p: ReadParts
  /** Sealed: a data cursor is bound to its account's model and to the other query parameters. */
  readonly #cursors: CursorCodec<CursorBinding>

  constructor (parts: ReadParts, cursorKey: number) {
    this.#p = parts
    this.#cursors = sealedCursors(cursorKey)
  }

  /** `set`: the account's data set of the model, as the caller just read it (undefined when it has none). */
  find (accountId: string, model: ModelDef, q: ListQuery, set: DataSet | undefined): FoundPage {
    const binding = { scope: hash32(`${accountId}|${model.id}`).toString(36), query: q.fingerprint }
    const w = walk(openCursor(this.#cursors, q.cursor, binding, refuseCursor), q.pageSize)
    const data = this.#p.sets.existing(accountId)
    if (set === undefined || data === undefined) return { next: null, previous: null, rows: [], data: undefined, setId: -1 }
    const seal = (at: CursorAt | null): string | null => cursorText(this.#cursors, at, binding)

    let remoteIdx: number | null = null
    if (q.remoteId !== null) {
      const idx = this.#p.generator.indexOfRemoteId(model, data, q.remoteId)
      if (idx === undefined) {
        // No such record: an empty page, answered as a forward walk from the cursor whichever way it went.
        const empty = pageOf({ ...w, backward: false }, [] as RecordRow[], seqOf)
        return { next: seal(empty.next), previous: seal(empty.previous), rows: [], data, setId: set.id }
      }
      remoteIdx = idx
    }

    const matches = q.filters.length === 0
      ? undefined
      : contentMatcher<RecordRow>(q.filters, (row, field) => this.#p.builder.fieldValue(model, data, set.id, row, field))
    const found: RecordRow[] = []
    let last = w.from
    let scanned = 0
    let exhausted = false
    while (found.length < w.limit) {
      const want = matches === undefined ? w.limit - found.length : BATCH
      const rows = this.#p.repo.rows({
        setId: set.id,
        from: last,
        direction: w.backward ? 'desc' : 'asc',
        includeDeleted: q.includeDeleted,
        modifiedAfter: q.modifiedAfter,
        modifiedBefore: q.modifiedBefore,
        createdAfter: q.createdAfter,
        createdBefore: q.createdBefore,
        idx: remoteIdx,
        limit: want
      })
      for (const row of rows) {
        last = row.seq
        scanned++
        if (matches === undefined || matches(row)) {
          found.push(row)
          if (found.length === w.limit) break
        }
      }
      if (rows.length < want && found.length < w.limit) { exhausted = true; break }
      if (scanned >= SCAN_BUDGET) break
    }
    // A scan budget that ran out before the page filled: the walk goes on after the last row examined.
    const page = pageOf(w, found, seqOf, exhausted || last === null ? undefined : last)
    return { next: seal(page.next), previous: seal(page.previous), rows: page.rows, data, setId: set.id }
  }
}
