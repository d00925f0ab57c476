import type { Statement } from 'better-sqlite3'
import type { Db } from '../../../store/database.js'

export interface ReceiptRow { readonly id: string, readonly tenant_id: number, readonly account_id: string, readonly request: string, readonly response: string | null, readonly last_poll_at: number | null }

/** SQL of the async passthrough receipts: the request kept, the answer once the third party gave it, the last poll. */
export class AsyncPassthroughRepository {
  readonly #insert: Statement
  readonly #byId: Statement
  readonly #resolve: Statement
  readonly #polled: Statement
  readonly #clear: Statement

  constructor (db: Db) {
    this.#insert = db.prepare('INSERT INTO async_passthrough_receipts (id, tenant_id, account_id, request, created_at) VALUES (?, ?, ?, ?, ?)')
    this.#byId = db.prepare('SELECT id, tenant_id, account_id, request, response, last_poll_at FROM async_passthrough_receipts WHERE id = ?')
    this.#resolve = db.prepare('UPDATE async_passthrough_receipts SET response = ? WHERE id = ?')
    this.#polled = db.prepare('UPDATE async_passthrough_receipts SET last_poll_at = ? WHERE id = ?')
    this.#clear = db.prepare('DELETE FROM async_passthrough_receipts')
  }

  insert (id: string, tenantId: number, accountId: string, request: string, at: number): void { this.#insert.run(id, tenantId, accountId, request, at) }
  byId (id: string): ReceiptRow | undefined { return this.#byId.get(id) as ReceiptRow | undefined }
  resolve (id: string, response: string): void { this.#resolve.run(response, id) }
  polled (id: string, at: number): void { this.#polled.run(at, id) }
  clear (): void { this.#clear.run() }
}
