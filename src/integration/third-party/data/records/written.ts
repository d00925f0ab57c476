import type { Statement } from 'better-sqlite3'
import type { Db } from '../../../../store/database.js'

/** The stored content of a record written through the API: field values as reads show them. */
export type WrittenFields = Readonly<Record<string, unknown>>

interface WrittenRow { idx: number, fields: string }

/**
 * SQL of written records' content (data_written). Reads consult it for every record they build, so the sets
 * holding written records, and their content, are kept in memory once read: a set without writes costs one
 * Set lookup per record.
 */
export class WrittenRecords {
  readonly #db: Db
  readonly #put: Statement
  readonly #ofSet: Statement
  #sets: Set<number> | undefined
  readonly #bySet = new Map<number, Map<number, WrittenFields>>()

  constructor (db: Db) {
    this.#db = db
    this.#put = db.prepare(`INSERT INTO data_written (set_id, idx, fields, ignored) VALUES (?, ?, ?, ?)
      ON CONFLICT (set_id, idx) DO UPDATE SET fields = excluded.fields, ignored = max(ignored, excluded.ignored)`)
    this.#ofSet = db.prepare('SELECT idx, fields FROM data_written WHERE set_id = ?')
  }

  #withWrites (): Set<number> {
    this.#sets ??= new Set(this.#db.prepare('SELECT DISTINCT set_id FROM data_written').pluck().all() as number[])
    return this.#sets
  }

  /** The written content of a record, or undefined for a record the generator produces alone. */
  fields (setId: number, idx: number): WrittenFields | undefined {
    if (!this.#withWrites().has(setId)) return undefined
    let set = this.#bySet.get(setId)
    if (set === undefined) {
      set = new Map((this.#ofSet.all(setId) as WrittenRow[]).map((r) => [r.idx, JSON.parse(r.fields) as WrittenFields]))
      this.#bySet.set(setId, set)
    }
    return set.get(idx)
  }

  /** Whether any record of the set was written through the API. */
  hasSet (setId: number): boolean {
    return this.#withWrites().has(setId)
  }

  put (setId: number, idx: number, fields: WrittenFields, ignored: boolean): void {
    this.#put.run(setId, idx, JSON.stringify(fields), ignored ? 1 : 0)
    this.#withWrites().add(setId)
    this.#bySet.get(setId)?.set(idx, fields)
  }

  /** After rows vanish (reset, account deletion cascades) or a transaction rolled back: read again. */
  forget (): void {
    this.#sets = undefined
    this.#bySet.clear()
  }
}
