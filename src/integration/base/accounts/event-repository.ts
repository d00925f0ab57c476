import type { Db } from '../../../store/database.js'

/** One row of the events log: something that happened to a linked account (webhook deliveries carry it). */
export interface AccountEvent {
  readonly seq: number
  readonly id: string
  readonly tenantId: number
  readonly linkedAccountId: string
  /** Wire event name, e.g. LinkedAccount.linked. */
  readonly event: string
  readonly data: Record<string, unknown>
  readonly createdAt: number
  /** When it was due for delivery: when it happened. */
  readonly dueAt: number
}

interface EventRow { seq: number, id: string, tenant_id: number, linked_account_id: string, event: string, data: string, created_at: number, due_at: number }

const toEvent = (r: EventRow): AccountEvent => ({
  seq: r.seq,
  id: r.id,
  tenantId: r.tenant_id,
  linkedAccountId: r.linked_account_id,
  event: r.event,
  data: JSON.parse(r.data) as Record<string, unknown>,
  createdAt: r.created_at,
  dueAt: r.due_at
})

const COLUMNS = 'seq, id, tenant_id, linked_account_id, event, data, created_at, due_at'

/**
 * The log of linked-account events, recorded in the transaction of the change that caused the event, so
 * neither is lost alone. Not an outbox: webhook deliveries (the one outbox) are fanned out from the same
 * change and name the row they carry.
 */
export class EventRepository {
  readonly #insert
  readonly #byTenant
  readonly #clear

  constructor (db: Db) {
    this.#insert = db.prepare(`INSERT INTO events (id, tenant_id, linked_account_id, event, data, created_at, due_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)`)
    this.#byTenant = db.prepare(`SELECT ${COLUMNS} FROM events WHERE tenant_id = ? ORDER BY seq`)
    this.#clear = db.prepare('DELETE FROM events')
  }

  record (e: Omit<AccountEvent, 'seq'>): void {
    this.#insert.run(e.id, e.tenantId, e.linkedAccountId, e.event, JSON.stringify(e.data), e.createdAt, e.dueAt)
  }

  byTenant (tenantId: number): AccountEvent[] {
    return (this.#byTenant.all(tenantId) as EventRow[]).map(toEvent)
  }

  clear (): void { this.#clear.run() }
}
