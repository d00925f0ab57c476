import type { Db } from '../store/database.js'

/** A pending job as stored; the payload stays JSON text until the job runs. */
export interface JobRow {
  readonly id: number
  readonly kind: string
  readonly dueAt: number
  readonly dedupeKey: string | null
  readonly payload: string
}

interface Row { id: number, kind: string, due_at: number, dedupe_key: string | null, payload: string }

const toRow = (r: Row): JobRow => ({ id: r.id, kind: r.kind, dueAt: r.due_at, dedupeKey: r.dedupe_key, payload: r.payload })

/** The SQL of the jobs table. Statements are prepared once: the scheduler runs hundreds of thousands of jobs. */
export class JobRepository {
  readonly #insert
  readonly #upsert
  readonly #upsertEarliest
  readonly #next
  readonly #delete
  readonly #deleteKey
  readonly #byKey
  readonly #clear
  readonly #count

  constructor (db: Db) {
    this.#insert = db.prepare('INSERT INTO jobs (kind, due_at, dedupe_key, payload) VALUES (?, ?, ?, ?)')
    this.#upsert = db.prepare(`INSERT INTO jobs (kind, due_at, dedupe_key, payload) VALUES (?, ?, ?, ?)
      ON CONFLICT (dedupe_key) DO UPDATE SET kind = excluded.kind, due_at = excluded.due_at, payload = excluded.payload`)
    this.#upsertEarliest = db.prepare(`INSERT INTO jobs (kind, due_at, dedupe_key, payload) VALUES (?, ?, ?, ?)
      ON CONFLICT (dedupe_key) DO UPDATE SET kind = excluded.kind, due_at = min(due_at, excluded.due_at), payload = excluded.payload`)
    this.#next = db.prepare('SELECT id, kind, due_at, dedupe_key, payload FROM jobs ORDER BY due_at, id LIMIT 1')
    this.#delete = db.prepare('DELETE FROM jobs WHERE id = ?')
    this.#deleteKey = db.prepare('DELETE FROM jobs WHERE dedupe_key = ?')
    this.#byKey = db.prepare('SELECT id, kind, due_at, dedupe_key, payload FROM jobs WHERE dedupe_key = ?')
    this.#clear = db.prepare('DELETE FROM jobs')
    this.#count = db.prepare('SELECT count(*) FROM jobs').pluck()
  }

  /**
   * With a key, replaces the pending job of that key (a rescheduled sync moves, it does not duplicate);
   * `earliest` keeps the earlier of the two due times instead (a wake-up asked for twice runs once, first).
   */
  add (kind: string, dueAt: number, payload: unknown, dedupeKey: string | null, earliest = false): void {
    const json = JSON.stringify(payload ?? {})
    if (dedupeKey === null) this.#insert.run(kind, dueAt, null, json)
    else (earliest ? this.#upsertEarliest : this.#upsert).run(kind, dueAt, dedupeKey, json)
  }

  /** The earliest pending job, due or not. */
  next (): JobRow | undefined {
    const row = this.#next.get() as Row | undefined
    return row === undefined ? undefined : toRow(row)
  }

  byKey (dedupeKey: string): JobRow | undefined {
    const row = this.#byKey.get(dedupeKey) as Row | undefined
    return row === undefined ? undefined : toRow(row)
  }

  remove (id: number): void { this.#delete.run(id) }
  removeKey (dedupeKey: string): void { this.#deleteKey.run(dedupeKey) }
  clear (): void { this.#clear.run() }
  count (): number { return this.#count.get() as number }
}
