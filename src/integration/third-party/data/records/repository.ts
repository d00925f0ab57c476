import type { Statement } from 'better-sqlite3'
import type { Db } from '../../../../store/database.js'

/** SQL of the synced data: accounts' anchors, per-model data sets, and one narrow row per synced record. */

export interface DataAccountRow {
  readonly accountId: string
  readonly category: string
  readonly anchorMs: number
}

export interface DataSet {
  readonly id: number
  readonly accountId: string
  readonly modelId: string
  readonly initialCount: number
  readonly initialWritten: number
  readonly appliedEpoch: number
  readonly appliedOps: number
  readonly remoteCount: number
  readonly nextSeq: number
  readonly rewriteFrom: number | null
  readonly lastStamp: number
}

export interface RecordRow {
  readonly seq: number
  readonly idx: number
  readonly version: number
  readonly deleted: number
  readonly created_us: number
  readonly modified_us: number
}

/** Conditions SQLite evaluates; content filters are applied by the service on the generated records. */
export interface RowQuery {
  readonly setId: number
  /** Rows after (`asc`) or before (`desc`) this seq. */
  readonly from: number | null
  readonly direction: 'asc' | 'desc'
  readonly includeDeleted: boolean
  readonly modifiedAfter: number | null
  readonly modifiedBefore: number | null
  readonly createdAfter: number | null
  readonly createdBefore: number | null
  readonly idx: number | null
  readonly limit: number
}

/** A data set's columns, read as arrays (object rows cost more than the query: every sync pass reads one). */
const SET = `id, account_id, model_id, initial_count, initial_written, applied_epoch, applied_ops, remote_count, next_seq,
  rewrite_from, last_stamp`

type SetRow = [
  id: number, accountId: string, modelId: string, initialCount: number, initialWritten: number, appliedEpoch: number,
  appliedOps: number, remoteCount: number, nextSeq: number, rewriteFrom: number | null, lastStamp: number
]

const toSet = (r: SetRow): DataSet => ({
  id: r[0],
  accountId: r[1],
  modelId: r[2],
  initialCount: r[3],
  initialWritten: r[4],
  appliedEpoch: r[5],
  appliedOps: r[6],
  remoteCount: r[7],
  nextSeq: r[8],
  rewriteFrom: r[9],
  lastStamp: r[10]
})

const ROW = 'seq, idx, version, deleted, created_us, modified_us'

type RawRow = [number, number, number, number, number, number]
const toRow = (r: RawRow): RecordRow => ({ seq: r[0], idx: r[1], version: r[2], deleted: r[3], created_us: r[4], modified_us: r[5] })

/** A time window selecting fewer rows than this is read through the modified_at index, then sorted. */
const NARROW_WINDOW = 5000

export class DataRepository {
  readonly #db: Db
  /** Built once and handed the work: a db.transaction() wrapper per sync pass showed up in profiles. */
  readonly #inTransaction: <T>(fn: () => T) => T
  readonly #account
  readonly #insertAccount
  readonly #set
  readonly #setsOf
  readonly #insertSet
  readonly #saveProgress
  readonly #insertRange
  readonly #insertOne
  readonly #change
  readonly #delete
  readonly #rewriteRange
  readonly #seqAt
  readonly #byIdx
  readonly #liveFrom
  readonly #maxStamp
  readonly #countWindow
  readonly #queries = new Map<string, Statement>()
  readonly #byIdxList = new Map<number, Statement>()
  /**
   * Data sets read outside a transaction, by account and model, until a statement of this repository writes
   * data_sets (or forgetSets: a tenant's accounts deleted under it). Every page read looks its set up first,
   * and SQLite's point read was 10 µs of a request in the server.
   */
  readonly #setCache = new Map<string, DataSet>()

  constructor (db: Db) {
    this.#db = db
    this.#inTransaction = db.transaction(<T>(fn: () => T): T => fn()) as <T>(fn: () => T) => T
    this.#account = db.prepare('SELECT account_id AS accountId, category, anchor_ms AS anchorMs FROM data_accounts WHERE account_id = ?')
    this.#insertAccount = db.prepare('INSERT OR IGNORE INTO data_accounts (account_id, category, anchor_ms) VALUES (?, ?, ?)')
    this.#set = db.prepare(`SELECT ${SET} FROM data_sets WHERE account_id = ? AND model_id = ?`).raw(true)
    this.#setsOf = db.prepare(`SELECT ${SET} FROM data_sets WHERE account_id = ? ORDER BY id`).raw(true)
    this.#insertSet = db.prepare('INSERT OR IGNORE INTO data_sets (account_id, model_id, initial_count, remote_count) VALUES (?, ?, ?, ?)')
    this.#saveProgress = db.prepare(`UPDATE data_sets SET initial_written = ?, applied_epoch = ?, applied_ops = ?, remote_count = ?,
      next_seq = ?, rewrite_from = ?, last_stamp = max(last_stamp, ?) WHERE id = ?`)
    // Indices [from, to) as new rows, seq following idx, all in one statement: the bulk of an initial sync.
    this.#insertRange = db.prepare(`WITH RECURSIVE n(i) AS (SELECT ? UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?)
      INSERT OR IGNORE INTO data_records (set_id, seq, idx, version, deleted, created_us, modified_us)
      SELECT ?, ? + (i - ?), i, 0, 0, ?, ? FROM n`)
    this.#insertOne = db.prepare(`INSERT OR IGNORE INTO data_records (set_id, seq, idx, version, deleted, created_us, modified_us)
      VALUES (?, ?, ?, 0, 0, ?, ?)`)
    this.#change = db.prepare('UPDATE data_records SET version = version + 1, modified_us = ? WHERE set_id = ? AND idx = ? AND deleted = 0')
    this.#delete = db.prepare('UPDATE data_records SET deleted = 1, modified_us = ? WHERE set_id = ? AND idx = ? AND deleted = 0')
    this.#rewriteRange = db.prepare('UPDATE data_records SET modified_us = ? WHERE set_id = ? AND seq >= ? AND seq < ? AND deleted = 0')
    this.#seqAt = db.prepare('SELECT seq FROM data_records WHERE set_id = +? AND seq >= ? ORDER BY seq LIMIT 1 OFFSET +?').pluck()
    this.#byIdx = db.prepare(`SELECT ${ROW} FROM data_records WHERE set_id = ? AND idx = ?`)
    this.#liveFrom = db.prepare('SELECT count(*) FROM data_records WHERE set_id = ? AND seq >= ? AND deleted = 0').pluck()
    this.#maxStamp = db.prepare('SELECT coalesce(max(last_stamp), 0) FROM data_sets WHERE account_id = ?').pluck()
    this.#countWindow = db.prepare(`SELECT count(*) FROM (SELECT 1 FROM data_records INDEXED BY data_records_by_modified
      WHERE set_id = ? AND modified_us > ? AND modified_us < ? LIMIT ${NARROW_WINDOW + 1})`).pluck()
  }

  /**
   * Inside a caller's transaction (a sync job's) the work joins it rather than opening a savepoint: nothing
   * catches a failed pass and carries on, so the savepoint only cost two statements per pass.
   */
  transaction<T> (fn: () => T): T {
    return this.#db.inTransaction ? fn() : this.#inTransaction(fn)
  }

  account (accountId: string): DataAccountRow | undefined {
    return this.#account.get(accountId) as DataAccountRow | undefined
  }

  addAccount (accountId: string, category: string, anchorMs: number): void {
    this.#insertAccount.run(accountId, category, anchorMs)
  }

  deleteAccount (accountId: string): void {
    this.#setCache.clear()
    const sets = this.setsOf(accountId)
    for (const s of sets) this.#db.prepare('DELETE FROM data_records WHERE set_id = ?').run(s.id)
    this.#db.prepare('DELETE FROM data_sets WHERE account_id = ?').run(accountId)
    this.#db.prepare('DELETE FROM data_accounts WHERE account_id = ?').run(accountId)
  }

  clear (): void {
    this.#setCache.clear()
    this.#db.exec('DELETE FROM data_records; DELETE FROM data_sets; DELETE FROM data_accounts;')
  }

  set (accountId: string, modelId: string): DataSet | undefined {
    const key = `${accountId}|${modelId}`
    const cached = this.#setCache.get(key)
    if (cached !== undefined) return cached
    const row = this.#set.get(accountId, modelId) as SetRow | undefined
    if (row === undefined) return undefined
    const set = Object.freeze(toSet(row))
    // Not inside a transaction: what it reads may yet be rolled back.
    if (!this.#db.inTransaction) this.#setCache.set(key, set)
    return set
  }

  /** Drops the kept data sets: rows were deleted under this repository (a tenant's accounts cascade). */
  forgetSets (): void {
    this.#setCache.clear()
  }

  setsOf (accountId: string): DataSet[] {
    return (this.#setsOf.all(accountId) as SetRow[]).map(toSet)
  }

  addSet (accountId: string, modelId: string, initialCount: number): DataSet {
    this.#setCache.clear()
    this.#insertSet.run(accountId, modelId, initialCount, initialCount)
    return this.set(accountId, modelId)!
  }

  saveProgress (s: DataSet, stamp: number): void {
    this.#setCache.clear()
    this.#saveProgress.run(s.initialWritten, s.appliedEpoch, s.appliedOps, s.remoteCount, s.nextSeq, s.rewriteFrom, stamp, s.id)
  }

  /** Inserts indices [from, to) with seq starting at `seq`. */
  insertRange (setId: number, from: number, to: number, seq: number, stamp: number): void {
    if (to <= from) return
    this.#insertRange.run(from, to, setId, seq, from, stamp, stamp)
  }

  insertOne (setId: number, seq: number, idx: number, stamp: number): boolean {
    return this.#insertOne.run(setId, seq, idx, stamp, stamp).changes > 0
  }

  change (setId: number, idx: number, stamp: number): boolean {
    return this.#change.run(stamp, setId, idx).changes > 0
  }

  remove (setId: number, idx: number, stamp: number): boolean {
    return this.#delete.run(stamp, setId, idx).changes > 0
  }

  /** Rewrites up to `limit` live rows from seq `from`; returns the seq to continue from, or null at the end. */
  rewrite (setId: number, from: number, limit: number, stamp: number): { next: number | null, written: number } {
    const end = this.#seqAt.get(setId, from, limit) as number | undefined
    const written = this.#rewriteRange.run(stamp, setId, from, end ?? Number.MAX_SAFE_INTEGER).changes
    return { next: end ?? null, written }
  }

  byIdx (setId: number, idx: number): RecordRow | undefined {
    return this.#byIdx.get(setId, idx) as RecordRow | undefined
  }

  /** Rows of these indices (for expanding relations), keyed by index. */
  byIdxList (setId: number, indices: readonly number[]): Map<number, RecordRow> {
    const out = new Map<number, RecordRow>()
    for (let i = 0; i < indices.length; i += 100) {
      const chunk = indices.slice(i, i + 100)
      let stmt = this.#byIdxList.get(chunk.length)
      if (stmt === undefined) {
        stmt = this.#db.prepare(`SELECT ${ROW} FROM data_records WHERE set_id = ? AND idx IN (${chunk.map(() => '?').join(',')})`)
        this.#byIdxList.set(chunk.length, stmt)
      }
      for (const row of stmt.all(setId, ...chunk) as RecordRow[]) out.set(row.idx, row)
    }
    return out
  }

  /** Live rows from seq `from` on: what a FULL rewrite still has to write. */
  liveFrom (setId: number, from: number): number {
    return this.#liveFrom.get(setId, from) as number
  }

  /** The latest modified_at an account's data sets hold. */
  maxStamp (accountId: string): number {
    return this.#maxStamp.get(accountId) as number
  }

  /**
   * One batch of rows in seq order. A narrow modified_at window is read through its index and sorted (an
   * incremental fetch of a few changes in a million rows); anything else walks the primary key, where the
   * cost of a page does not depend on how deep it is.
   */
  rows (q: RowQuery): RecordRow[] {
    const narrow = (q.modifiedAfter !== null || q.modifiedBefore !== null) &&
      (this.#countWindow.get(q.setId, q.modifiedAfter ?? -1, q.modifiedBefore ?? Number.MAX_SAFE_INTEGER) as number) <= NARROW_WINDOW
    // `+?`, not `?`: set_id leads a non-unique index (data_records_by_modified), and the SQLite that
    // better-sqlite3 13 bundles (STAT4) then plans the statement again on every call with a new binding, which
    // doubled the read of a page's rows. A `+?` is the same value and the same plan, bound without it. The
    // same holds for the LIMIT: SQLite 3.54 reads a bare `LIMIT ?`'s value into the plan, so binding it (every
    // call) planned the statement again, 9 of a page read's 18 µs.
    const where: string[] = ['set_id = +?']
    const args: number[] = [q.setId]
    if (q.from !== null) { where.push(q.direction === 'asc' ? 'seq > +?' : 'seq < +?'); args.push(q.from) }
    if (!q.includeDeleted) where.push('deleted = 0')
    const m = narrow ? 'modified_us' : '+modified_us'
    if (q.modifiedAfter !== null) { where.push(`${m} > ?`); args.push(q.modifiedAfter) }
    if (q.modifiedBefore !== null) { where.push(`${m} < ?`); args.push(q.modifiedBefore) }
    if (q.createdAfter !== null) { where.push('+created_us > ?'); args.push(q.createdAfter) }
    if (q.createdBefore !== null) { where.push('+created_us < ?'); args.push(q.createdBefore) }
    if (q.idx !== null) { where.push('idx = ?'); args.push(q.idx) }
    const index = narrow ? 'INDEXED BY data_records_by_modified' : ''
    const sql = `SELECT ${ROW} FROM data_records ${index} WHERE ${where.join(' AND ')} ORDER BY seq ${q.direction === 'asc' ? 'ASC' : 'DESC'} LIMIT +?`
    let stmt = this.#queries.get(sql)
    if (stmt === undefined) {
      // Arrays, made into objects here: better-sqlite3 builds row objects key by key, which costs more than
      // the query itself on a page of 30.
      stmt = this.#db.prepare(sql).raw(true)
      this.#queries.set(sql, stmt)
    }
    return (stmt.all(...args, q.limit) as RawRow[]).map(toRow)
  }
}
