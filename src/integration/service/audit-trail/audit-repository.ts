import type { Statement } from 'better-sqlite3'
import type { Walk } from '../../../core/pagination.js'
import type { Db } from '../../../store/database.js'

export interface AuditRow { seq: number, id: string, event_type: string, event_description: string, created_at: number }

export interface AuditFilter { readonly start?: number | undefined, readonly end?: number | undefined, readonly eventType?: string | undefined }

/** SQL of the audit trail: entries per tenant, in the order they happened (seq). */
export class AuditRepository {
  readonly #db: Db
  readonly #insert: Statement
  readonly #clear: Statement

  constructor (db: Db) {
    this.#db = db
    this.#insert = db.prepare('INSERT INTO audit_events (id, tenant_id, event_type, event_description, created_at) VALUES (?, ?, ?, ?, ?)')
    this.#clear = db.prepare('DELETE FROM audit_events')
  }

  insert (id: string, tenantId: number, eventType: string, description: string, at: number): void {
    this.#insert.run(id, tenantId, eventType, description, at)
  }

  /** One page's rows of a walk over a tenant's entries, inside the filter's bounds (both inclusive). */
  walk (tenantId: number, w: Walk, f: AuditFilter): AuditRow[] {
    const where = ['tenant_id = @tenantId']
    const params: Record<string, unknown> = { tenantId, limit: w.limit }
    if (f.start !== undefined) { where.push('created_at >= @start'); params.start = f.start }
    if (f.end !== undefined) { where.push('created_at <= @end'); params.end = f.end }
    if (f.eventType !== undefined) { where.push('event_type = @eventType'); params.eventType = f.eventType }
    if (w.from !== null) { where.push(w.backward ? 'seq < @from' : 'seq > @from'); params.from = w.from }
    return this.#db.prepare<[Record<string, unknown>], AuditRow>(`SELECT seq, id, event_type, event_description, created_at FROM audit_events
      WHERE ${where.join(' AND ')} ORDER BY seq ${w.backward ? 'DESC' : 'ASC'} LIMIT @limit`).all(params)
  }

  clear (): void { this.#clear.run() }
}
