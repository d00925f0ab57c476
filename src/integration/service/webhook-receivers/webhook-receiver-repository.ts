import type { Statement } from 'better-sqlite3'
import type { Db } from '../../../store/database.js'

export interface ReceiverRow { readonly event: string, readonly isActive: boolean, readonly key: string | null }

/** SQL of the linked accounts' webhook receivers. */
export class WebhookReceiverRepository {
  readonly #db: Db
  readonly #list: Statement
  readonly #exists: Statement
  readonly #upsert: Statement
  readonly #clear: Statement

  constructor (db: Db) {
    this.#db = db
    this.#list = db.prepare('SELECT event, is_active, key FROM webhook_receivers WHERE linked_account_id = ? ORDER BY seq')
    this.#exists = db.prepare('SELECT 1 FROM webhook_receivers WHERE linked_account_id = ? AND event = ?')
    this.#upsert = db.prepare(`INSERT INTO webhook_receivers (linked_account_id, event, is_active, key) VALUES (?, ?, ?, ?)
      ON CONFLICT (linked_account_id, event) DO UPDATE SET is_active = excluded.is_active, key = coalesce(excluded.key, key)`)
    this.#clear = db.prepare('DELETE FROM webhook_receivers')
  }

  transaction<T> (fn: () => T): T { return this.#db.transaction(fn)() }

  /** In creation order. */
  list (accountId: string): ReceiverRow[] {
    return (this.#list.all(accountId) as Array<{ event: string, is_active: number, key: string | null }>).map((r) => ({ event: r.event, isActive: r.is_active === 1, key: r.key }))
  }

  exists (accountId: string, event: string): boolean { return this.#exists.get(accountId, event) !== undefined }

  /** A key left out keeps the one stored. */
  upsert (accountId: string, event: string, isActive: boolean, key: string | null): void { this.#upsert.run(accountId, event, isActive ? 1 : 0, key) }

  clear (): void { this.#clear.run() }
}
