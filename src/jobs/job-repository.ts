import type { Db } from '../store/database.js'

export interface Job {
  readonly id: number
  readonly kind: string
  readonly dueAt: number
  readonly dedupeKey: string | null
  readonly payload: unknown
}

interface JobRow { id: number, kind: string, due_at: number, dedupe_key: string | null, payload: string }

const toJob = (r: JobRow): Job => ({ id: r.id, kind: r.kind, dueAt: r.due_at, dedupeKey: r.dedupe_key, payload: JSON.parse(r.payload) as unknown })

/** The SQL of the jobs table. Statements are prepared once: the scheduler runs hundreds of thousands of jobs. */
export class JobRepository {
  readonly #insert
  readonly #upsert
  readonly #next
  readonly #takeDue
  readonly #delete
  readonly #deleteKey
  readonly #byKey
  readonly #clear
  readonly #count

  constructor (db: Db) {
    this.#insert = db.prepare('INSERT INTO jobs (kind, due_at, dedupe_key, payload) VALUES (?, ?, ?, ?)')
    this.#upsert = db.prepare(`INSERT INTO jobs (kind, due_at, dedupe_key, payload) VALUES (?, ?, ?, ?)
      ON CONFLICT (dedupe_key) DO UPDATE SET kind = excluded.kind, due_at = excluded.due_at, payload = excluded.payload`)
    this.#next = db.prepare('SELECT id, kind, due_at, dedupe_key, payload FROM jobs ORDER BY due_at, id LIMIT 1')
    this.#takeDue = db.prepare(`DELETE FROM jobs WHERE id = (SELECT id FROM jobs WHERE due_at <= ? ORDER BY due_at, id LIMIT 1)
      RETURNING id, kind, due_at, dedupe_key, payload`)
    this.#delete = db.prepare('DELETE FROM jobs WHERE id = ?')
    this.#deleteKey = db.prepare('DELETE FROM jobs WHERE dedupe_key = ?')
    this.#byKey = db.prepare('SELECT id, kind, due_at, dedupe_key, payload FROM jobs WHERE dedupe_key = ?')
    this.#clear = db.prepare('DELETE FROM jobs')
    this.#count = db.prepare('SELECT count(*) FROM jobs').pluck()
  }

  /** With a key, replaces the pending job of that key (a rescheduled sync moves, it does not duplicate). */
  add (kind: string, dueAt: number, payload: unknown, dedupeKey: string | null): void {
    const json = JSON.stringify(payload ?? {})
    if (dedupeKey === null) this.#insert.run(kind, dueAt, null, json)
    else this.#upsert.run(kind, dueAt, dedupeKey, json)
  }

  next (): Job | undefined {
    const row = this.#next.get() as JobRow | undefined
    return row === undefined ? undefined : toJob(row)
  }

  /** Removes and returns the earliest job due at `now`: one statement, for the scheduler's hot loop. */
  takeDue (now: number): Job | undefined {
    const row = this.#takeDue.get(now) as JobRow | undefined
    return row === undefined ? undefined : toJob(row)
  }

  byKey (dedupeKey: string): Job | undefined {
    const row = this.#byKey.get(dedupeKey) as JobRow | undefined
    return row === undefined ? undefined : toJob(row)
  }

  remove (id: number): void { this.#delete.run(id) }
  removeKey (dedupeKey: string): void { this.#deleteKey.run(dedupeKey) }
  clear (): void { this.#clear.run() }
  count (): number { return this.#count.get() as number }
}
