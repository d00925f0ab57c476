import type { Statement } from 'better-sqlite3'
import type { Db } from '../../../store/database.js'

export interface StoredBatch {
  readonly id: string
  readonly tenantId: number
  readonly accountId: string
  readonly kind: 'bulk' | 'task' | 'async'
  readonly opKey: string
  readonly status: string
  readonly items: unknown
  readonly results: unknown
  readonly createdAt: number
}

export interface StoredAnswer {
  readonly requestHash: string
  readonly status: number
  readonly body: string | null
  readonly expiresAt: number
}

interface BatchRow { id: string, tenant_id: number, account_id: string, kind: 'bulk' | 'task' | 'async', op_key: string, status: string, items: string, results: string | null, created_at: number }

/** SQL of deferred writes (bulk batches, async tasks) and of Idempotency-Key answers. */
export class BatchRepository {
  readonly #insert: Statement
  readonly #get: Statement
  readonly #update: Statement
  readonly #answer: Statement
  readonly #putAnswer: Statement
  readonly #db: Db

  constructor (db: Db) {
    this.#db = db
    this.#insert = db.prepare('INSERT INTO write_batches (id, tenant_id, account_id, kind, op_key, status, items, results, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?)')
    this.#get = db.prepare('SELECT * FROM write_batches WHERE id = ?')
    this.#update = db.prepare('UPDATE write_batches SET status = ?, results = ? WHERE id = ?')
    this.#answer = db.prepare('SELECT request_hash AS requestHash, status, body, expires_at AS expiresAt FROM write_idempotency WHERE tenant_id = ? AND account_id = ? AND key = ?')
    this.#putAnswer = db.prepare(`INSERT INTO write_idempotency (tenant_id, account_id, key, request_hash, status, body, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (tenant_id, account_id, key) DO UPDATE SET request_hash = excluded.request_hash, status = excluded.status, body = excluded.body, expires_at = excluded.expires_at`)
  }

  add (b: Omit<StoredBatch, 'results'>): void {
    this.#insert.run(b.id, b.tenantId, b.accountId, b.kind, b.opKey, b.status, JSON.stringify(b.items), b.createdAt)
  }

  get (id: string): StoredBatch | undefined {
    const r = this.#get.get(id) as BatchRow | undefined
    if (r === undefined) return undefined
    return {
      id: r.id, tenantId: r.tenant_id, accountId: r.account_id, kind: r.kind, opKey: r.op_key, status: r.status,
      items: JSON.parse(r.items), results: r.results === null ? null : JSON.parse(r.results), createdAt: r.created_at
    }
  }

  update (id: string, status: string, results: unknown): void {
    this.#update.run(status, results === null ? null : JSON.stringify(results), id)
  }

  answer (tenantId: number, accountId: string, key: string): StoredAnswer | undefined {
    return this.#answer.get(tenantId, accountId, key) as StoredAnswer | undefined
  }

  putAnswer (tenantId: number, accountId: string, key: string, a: StoredAnswer): void {
    this.#putAnswer.run(tenantId, accountId, key, a.requestHash, a.status, a.body, a.expiresAt)
  }

  clear (): void {
    this.#db.exec('DELETE FROM write_batches; DELETE FROM write_idempotency;')
  }
}
