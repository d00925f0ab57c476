import type { Db } from '../../../store/database.js'

export interface StoredTarget {
  readonly id: string
  readonly tenantId: number
  readonly url: string
  readonly events: readonly string[] | null
  readonly category: string | null
  readonly createdAt: number
}

export interface Attempt {
  readonly at: number
  readonly statusCode: number | null
  readonly error: string | null
  readonly durationMs: number
}

export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'dropped'

export interface Delivery {
  readonly seq: number
  readonly id: string
  readonly tenantId: number
  readonly linkedAccountId: string
  readonly event: string
  readonly targetId: string
  readonly url: string
  readonly body: string
  readonly signature: string
  readonly state: DeliveryState
  readonly attempts: readonly Attempt[]
  readonly faults: readonly string[]
  readonly createdAt: number
  readonly nextAttemptAt: number | null
  readonly duplicateOf: string | null
  readonly redeliveryOf: string | null
  /** The events row (LinkedAccount.linked, LinkedAccount.deleted) this delivery carries, if any. */
  readonly eventId: string | null
}

export type NewDelivery = Omit<Delivery, 'seq' | 'attempts'>

export type FaultKind = 'drop' | 'delay' | 'duplicate' | 'out_of_order' | 'wrong_signature'

export interface StoredFault {
  readonly seq: number
  readonly tenantId: number
  readonly kind: FaultKind
  readonly remaining: number | null
  readonly count: number | null
  readonly fraction: number | null
  readonly delayMs: number | null
  readonly createdAt: number
}

export interface DeliveryFilter {
  readonly event?: string | undefined
  readonly account?: string | undefined
  readonly state?: DeliveryState | undefined
  readonly afterSeq: number
  readonly limit: number
}

interface TargetRow { id: string, tenant_id: number, url: string, events: string | null, category: string | null, created_at: number }
interface DeliveryRow {
  seq: number, id: string, tenant_id: number, linked_account_id: string, event: string, target_id: string, url: string, body: string,
  signature: string, state: DeliveryState, attempts: string, faults: string, created_at: number, next_attempt_at: number | null,
  duplicate_of: string | null, redelivery_of: string | null, event_id: string | null
}
interface FaultRow { seq: number, tenant_id: number, kind: FaultKind, remaining: number | null, count: number | null, fraction: number | null, delay_ms: number | null, created_at: number }

const toTarget = (r: TargetRow): StoredTarget => ({
  id: r.id, tenantId: r.tenant_id, url: r.url, events: r.events === null ? null : JSON.parse(r.events) as string[], category: r.category, createdAt: r.created_at
})
const toDelivery = (r: DeliveryRow): Delivery => ({
  seq: r.seq,
  id: r.id,
  tenantId: r.tenant_id,
  linkedAccountId: r.linked_account_id,
  event: r.event,
  targetId: r.target_id,
  url: r.url,
  body: r.body,
  signature: r.signature,
  state: r.state,
  attempts: JSON.parse(r.attempts) as Attempt[],
  faults: JSON.parse(r.faults) as string[],
  createdAt: r.created_at,
  nextAttemptAt: r.next_attempt_at,
  duplicateOf: r.duplicate_of,
  redeliveryOf: r.redelivery_of,
  eventId: r.event_id
})
const toFault = (r: FaultRow): StoredFault => ({
  seq: r.seq, tenantId: r.tenant_id, kind: r.kind, remaining: r.remaining, count: r.count, fraction: r.fraction, delayMs: r.delay_ms, createdAt: r.created_at
})

const DELIVERY_COLUMNS = `seq, id, tenant_id, linked_account_id, event, target_id, url, body, signature, state, attempts, faults, created_at,
  next_attempt_at, duplicate_of, redelivery_of, event_id`

/** The SQL of webhooks: targets, signature keys, the outbox of deliveries (also their journal), and delivery faults. */
export class WebhookRepository {
  readonly #db: Db
  readonly #key
  readonly #setKey
  readonly #targets
  readonly #insertTarget
  readonly #deleteTarget
  readonly #deleteTargets
  readonly #insertDelivery
  readonly #delivery
  readonly #due
  readonly #markInFlight
  readonly #finishAttempt
  readonly #failDue
  readonly #nextDue
  readonly #pendingTenants
  readonly #recover
  readonly #deliveredEvents
  readonly #sequences
  readonly #faults
  readonly #insertFault
  readonly #setRemaining
  readonly #deleteFault
  readonly #deleteFaults

  constructor (db: Db) {
    this.#db = db
    this.#key = db.prepare('SELECT signature_key FROM webhook_keys WHERE tenant_id = ?').pluck()
    this.#setKey = db.prepare('INSERT INTO webhook_keys (tenant_id, signature_key) VALUES (?, ?) ON CONFLICT (tenant_id) DO NOTHING')
    this.#targets = db.prepare('SELECT id, tenant_id, url, events, category, created_at FROM webhook_targets WHERE tenant_id = ? ORDER BY seq')
    this.#insertTarget = db.prepare('INSERT INTO webhook_targets (id, tenant_id, url, events, category, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    this.#deleteTarget = db.prepare('DELETE FROM webhook_targets WHERE tenant_id = ? AND id = ?')
    this.#deleteTargets = db.prepare('DELETE FROM webhook_targets WHERE tenant_id = ?')
    this.#insertDelivery = db.prepare(`INSERT INTO webhook_deliveries (id, tenant_id, linked_account_id, event, target_id, url, body, signature, state,
      faults, created_at, next_attempt_at, duplicate_of, redelivery_of, event_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    this.#delivery = db.prepare(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE id = ?`)
    const due = `FROM webhook_deliveries
      WHERE tenant_id = +? AND state = 'pending' AND in_flight = 0 AND next_attempt_at <= ? ORDER BY next_attempt_at, seq LIMIT +?`
    this.#due = db.prepare(`SELECT ${DELIVERY_COLUMNS} ${due}`)
    // The same rows, marked in one statement (a batch is hundreds of rows); callers hold a transaction.
    this.#markInFlight = db.prepare(`UPDATE webhook_deliveries SET in_flight = 1 WHERE seq IN (SELECT seq ${due})`)
    // By seq, the table's rowid: one b-tree walk fewer than by id, once per attempt.
    this.#finishAttempt = db.prepare('UPDATE webhook_deliveries SET in_flight = 0, state = ?, attempts = ?, next_attempt_at = ? WHERE seq = ?')
    // A dispatch run that threw: what it was to send fails for good, the reason as an attempt that sent nothing.
    this.#failDue = db.prepare(`UPDATE webhook_deliveries SET in_flight = 0, state = 'failed', next_attempt_at = NULL,
      attempts = json_insert(attempts, '$[#]', json_object('at', ?, 'statusCode', NULL, 'error', ?, 'durationMs', 0)) WHERE seq IN (SELECT seq ${due})`)
    this.#nextDue = db.prepare("SELECT min(next_attempt_at) FROM webhook_deliveries WHERE tenant_id = ? AND state = 'pending' AND in_flight = 0").pluck()
    this.#pendingTenants = db.prepare("SELECT DISTINCT tenant_id FROM webhook_deliveries WHERE state = 'pending'").pluck()
    this.#recover = db.prepare('UPDATE webhook_deliveries SET in_flight = 0 WHERE in_flight = 1')
    this.#sequences = db.prepare("SELECT group_concat(seq) FROM sqlite_sequence WHERE name IN ('webhook_deliveries', 'webhook_targets', 'webhook_faults')").pluck()
    // A delivered delivery's last attempt is the one the receiver took.
    this.#deliveredEvents = db.prepare(`SELECT event_id, min(json_extract(attempts, '$[#-1].at')) AS at FROM webhook_deliveries
      WHERE tenant_id = ? AND event_id IS NOT NULL AND state = 'delivered' GROUP BY event_id`)
    this.#faults = db.prepare('SELECT seq, tenant_id, kind, remaining, count, fraction, delay_ms, created_at FROM webhook_faults WHERE tenant_id = ? ORDER BY seq')
    this.#insertFault = db.prepare('INSERT INTO webhook_faults (tenant_id, kind, remaining, count, fraction, delay_ms, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    this.#setRemaining = db.prepare('UPDATE webhook_faults SET remaining = ? WHERE seq = ?')
    this.#deleteFault = db.prepare('DELETE FROM webhook_faults WHERE seq = ?')
    this.#deleteFaults = db.prepare('DELETE FROM webhook_faults WHERE tenant_id = ?')
  }

  /** The row counters of the webhook tables: they move with every id minted, and survive a restart and a reset. */
  sequences (): string { return String(this.#sequences.get() ?? '') }

  signatureKey (tenantId: number): string | undefined { return this.#key.get(tenantId) as string | undefined }
  /** Keeps an existing key: the first one generated for a tenant stays its key. */
  addSignatureKey (tenantId: number, key: string): void { this.#setKey.run(tenantId, key) }

  targets (tenantId: number): StoredTarget[] { return (this.#targets.all(tenantId) as TargetRow[]).map(toTarget) }
  addTarget (t: StoredTarget): void {
    this.#insertTarget.run(t.id, t.tenantId, t.url, t.events === null ? null : JSON.stringify(t.events), t.category, t.createdAt)
  }

  removeTarget (tenantId: number, id: string): boolean { return this.#deleteTarget.run(tenantId, id).changes > 0 }
  removeTargets (tenantId: number): number { return this.#deleteTargets.run(tenantId).changes }

  addDelivery (d: NewDelivery): void {
    this.#insertDelivery.run(d.id, d.tenantId, d.linkedAccountId, d.event, d.targetId, d.url, d.body, d.signature, d.state,
      JSON.stringify(d.faults), d.createdAt, d.nextAttemptAt, d.duplicateOf, d.redeliveryOf, d.eventId)
  }

  delivery (id: string): Delivery | undefined {
    const row = this.#delivery.get(id) as DeliveryRow | undefined
    return row === undefined ? undefined : toDelivery(row)
  }

  /**
   * A tenant's deliveries due by `now` (on its clock), earliest first, marked in flight so no other batch
   * takes them; inside the caller's transaction (the dispatch job's), so the select and the mark agree.
   */
  claimDue (tenantId: number, now: number, limit: number): Delivery[] {
    const rows = (this.#due.all(tenantId, now, limit) as DeliveryRow[]).map(toDelivery)
    if (rows.length > 0) this.#markInFlight.run(tenantId, now, limit)
    return rows
  }

  finishAttempt (seq: number, state: DeliveryState, attempts: readonly Attempt[], nextAttemptAt: number | null): void {
    this.#finishAttempt.run(state, JSON.stringify(attempts), nextAttemptAt, seq)
  }

  /** The deliveries a dispatch run would have claimed, failed with `reason` (inside the caller's transaction). */
  failDue (tenantId: number, now: number, limit: number, reason: string): number {
    return this.#failDue.run(now, reason, tenantId, now, limit).changes
  }

  nextDue (tenantId: number): number | null { return this.#nextDue.get(tenantId) as number | null }

  /** The tenants with deliveries pending. */
  pendingTenants (): number[] { return this.#pendingTenants.all() as number[] }

  /** When a receiver first took each of the tenant's events that has been delivered: event id → epoch ms. */
  deliveredEvents (tenantId: number): Map<string, number> {
    const rows = this.#deliveredEvents.all(tenantId) as Array<{ event_id: string, at: number }>
    return new Map(rows.map((r) => [r.event_id, r.at]))
  }

  /** At start: attempts in flight when the process stopped never got an answer; they are sent again. */
  recoverInFlight (): number { return this.#recover.run().changes }

  list (tenantId: number, f: DeliveryFilter): Delivery[] {
    const where = ['tenant_id = ?', 'seq > ?']
    const params: Array<string | number> = [tenantId, f.afterSeq]
    if (f.event !== undefined) { where.push('event = ?'); params.push(f.event) }
    if (f.account !== undefined) { where.push('linked_account_id = ?'); params.push(f.account) }
    if (f.state !== undefined) { where.push('state = ?'); params.push(f.state) }
    const sql = `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE ${where.join(' AND ')} ORDER BY seq LIMIT +?`
    return (this.#db.prepare(sql).all(...params, f.limit) as DeliveryRow[]).map(toDelivery)
  }

  faults (tenantId: number): StoredFault[] { return (this.#faults.all(tenantId) as FaultRow[]).map(toFault) }
  addFault (f: Omit<StoredFault, 'seq'>): void {
    this.#insertFault.run(f.tenantId, f.kind, f.remaining, f.count, f.fraction, f.delayMs, f.createdAt)
  }

  /** One more delivery affected: a counted fault is gone once spent. */
  spendFault (f: StoredFault): void {
    if (f.remaining === null) return
    if (f.remaining <= 1) this.#deleteFault.run(f.seq)
    else this.#setRemaining.run(f.remaining - 1, f.seq)
  }

  clearFaults (tenantId: number): number { return this.#deleteFaults.run(tenantId).changes }

  /** Deletes one fault of the tenant; false when it has none of that id (never added, spent or cleared). */
  removeFault (tenantId: number, seq: number): boolean {
    return this.#db.prepare('DELETE FROM webhook_faults WHERE tenant_id = ? AND seq = ?').run(tenantId, seq).changes === 1
  }

  clear (): void {
    this.#db.exec('DELETE FROM webhook_deliveries; DELETE FROM webhook_targets; DELETE FROM webhook_faults; DELETE FROM webhook_keys;')
  }
}
