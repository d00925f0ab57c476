import type { Db } from '../../store/database.js'

/** One row of the outbox: something that happened to a linked account, waiting for webhook delivery. */
export interface AccountEvent {
  readonly seq: number
  readonly id: string
  readonly tenantId: number
  readonly linkedAccountId: string
  /** Wire event name, e.g. LinkedAccount.linked. */
  readonly event: string
  readonly data: Record<string, unknown>
  readonly createdAt: number
  /** When delivery may start. */
  readonly dueAt: number
  readonly deliveredAt: number | null
}

interface EventRow { seq: number, id: string, tenant_id: number, linked_account_id: string, event: string, data: string, created_at: number, due_at: number, delivered_at: number | null }

const toEvent = (r: EventRow): AccountEvent => ({
  seq: r.seq,
  id: r.id,
  tenantId: r.tenant_id,
  linkedAccountId: r.linked_account_id,
  event: r.event,
  data: JSON.parse(r.data) as Record<string, unknown>,
  createdAt: r.created_at,
  dueAt: r.due_at,
  deliveredAt: r.delivered_at
})

const COLUMNS = 'seq, id, tenant_id, linked_account_id, event, data, created_at, due_at, delivered_at'

/** The events outbox. Recorded in the transaction of the change that caused the event, so neither is lost alone. */
export class EventRepository {
  readonly #insert
  readonly #byTenant
  readonly #due
  readonly #markDelivered
  readonly #clear

  constructor (db: Db) {
    this.#insert = db.prepare(`INSERT INTO events (id, tenant_id, linked_account_id, event, data, created_at, due_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)`)
    this.#byTenant = db.prepare(`SELECT ${COLUMNS} FROM events WHERE tenant_id = ? ORDER BY seq`)
    this.#due = db.prepare(`SELECT ${COLUMNS} FROM events WHERE delivered_at IS NULL AND due_at <= ? ORDER BY due_at, seq LIMIT ?`)
    this.#markDelivered = db.prepare('UPDATE events SET delivered_at = ? WHERE id = ?')
    this.#clear = db.prepare('DELETE FROM events')
  }

  record (e: Omit<AccountEvent, 'seq' | 'deliveredAt'>): void {
    this.#insert.run(e.id, e.tenantId, e.linkedAccountId, e.event, JSON.stringify(e.data), e.createdAt, e.dueAt)
  }

  byTenant (tenantId: number): AccountEvent[] {
    return (this.#byTenant.all(tenantId) as EventRow[]).map(toEvent)
  }

  /** Undelivered events due at `now`, oldest first: what a webhook sender picks up. */
  due (now: number, limit = 100): AccountEvent[] {
    return (this.#due.all(now, limit) as EventRow[]).map(toEvent)
  }

  markDelivered (id: string, at: number): void {
    this.#markDelivered.run(at, id)
  }

  clear (): void { this.#clear.run() }
}
