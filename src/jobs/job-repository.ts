import type { TenantId } from '../core/tenant-clocks.js'
import type { Db } from '../store/database.js'

/** A pending job as stored; the payload stays JSON text until the job runs. */
export interface JobRow {
  readonly id: number
  readonly kind: string
  /** Whose clock the due time is on (null: the server's). */
  readonly tenantId: TenantId
  readonly dueAt: number
  readonly dedupeKey: string | null
  readonly payload: string
}

/** Read as arrays: better-sqlite3 builds a row object key by key, and the scheduler reads a job per job it runs. */
type Row = [id: number, kind: string, tenantId: number | null, dueAt: number, dedupeKey: string | null, payload: string]

const toRow = (r: Row): JobRow => ({ id: r[0], kind: r[1], tenantId: r[2], dueAt: r[3], dedupeKey: r[4], payload: r[5] })

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
  readonly #tenants
  readonly #clearTenant

  constructor (db: Db) {
    this.#insert = db.prepare('INSERT INTO jobs (kind, tenant_id, due_at, dedupe_key, payload) VALUES (?, ?, ?, ?, ?)')
    this.#upsert = db.prepare(`INSERT INTO jobs (kind, tenant_id, due_at, dedupe_key, payload) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (dedupe_key) DO UPDATE SET kind = excluded.kind, tenant_id = excluded.tenant_id, due_at = excluded.due_at, payload = excluded.payload`)
    this.#upsertEarliest = db.prepare(`INSERT INTO jobs (kind, tenant_id, due_at, dedupe_key, payload) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (dedupe_key) DO UPDATE SET kind = excluded.kind, tenant_id = excluded.tenant_id, due_at = min(due_at, excluded.due_at), payload = excluded.payload`)
    // `+?`, not `?`: SQLite (built with STAT4) plans again on every new binding of a parameter compared to an
    // indexed column, and this runs once per job (12 µs a call planned again, 1 µs not). The unary plus is no
    // change to the value; the plan is the same index search.
    this.#next = db.prepare('SELECT id, kind, tenant_id, due_at, dedupe_key, payload FROM jobs WHERE tenant_id IS +? ORDER BY due_at, id LIMIT 1').raw(true)
    this.#tenants = db.prepare('SELECT DISTINCT tenant_id FROM jobs').pluck()
    this.#clearTenant = db.prepare('DELETE FROM jobs WHERE tenant_id IS ?')
    this.#delete = db.prepare('DELETE FROM jobs WHERE id = ?')
    this.#deleteKey = db.prepare('DELETE FROM jobs WHERE dedupe_key = ?')
    this.#byKey = db.prepare('SELECT id, kind, tenant_id, due_at, dedupe_key, payload FROM jobs WHERE dedupe_key = ?').raw(true)
    this.#clear = db.prepare('DELETE FROM jobs')
    this.#count = db.prepare('SELECT count(*) FROM jobs').pluck()
  }

  /**
   * With a key, replaces the pending job of that key (a rescheduled sync moves, it does not duplicate);
   * `earliest` keeps the earlier of the two due times instead (a wake-up asked for twice runs once, first).
   */
  add (kind: string, tenant: TenantId, dueAt: number, payload: unknown, dedupeKey: string | null, earliest = false): void {
    const json = JSON.stringify(payload ?? {})
    if (dedupeKey === null) this.#insert.run(kind, tenant, dueAt, null, json)
    else (earliest ? this.#upsertEarliest : this.#upsert).run(kind, tenant, dueAt, dedupeKey, json)
  }

  /** The earliest pending job of a tenant (due times are on its clock), due or not. */
  next (tenant: TenantId): JobRow | undefined {
    const row = this.#next.get(tenant) as Row | undefined
    return row === undefined ? undefined : toRow(row)
  }

  byKey (dedupeKey: string): JobRow | undefined {
    const row = this.#byKey.get(dedupeKey) as Row | undefined
    return row === undefined ? undefined : toRow(row)
  }

  remove (id: number): void { this.#delete.run(id) }
  removeKey (dedupeKey: string): void { this.#deleteKey.run(dedupeKey) }
  clear (): void { this.#clear.run() }
  clearTenant (tenant: TenantId): void { this.#clearTenant.run(tenant) }
  /** Every tenant with a pending job. */
  tenants (): TenantId[] { return this.#tenants.all() as TenantId[] }
  count (): number { return this.#count.get() as number }
}
