import type { Clock } from '../../core/clock.js'
import { cursorText, openCursor, pageOf, pageSize, walk, type Walk } from '../../core/pagination.js'
import { plainCursors } from '../../core/cursor.js'
import { appError } from '../../core/errors.js'
import type { Ids } from '../../core/ids.js'
import { iso } from '../../core/iso.js'
import type { Db } from '../../store/database.js'
import { isoFilterMs } from '../http/date-filter.js'

/** The event types unimock records, a subset of the real service's EventTypeEnum (facts §9). */
export type AuditEventType =
  | 'DELETED_LINKED_ACCOUNT' | 'CHANGED_SCOPES' | 'CREATED_REMOTE_PRODUCTION_API_KEY' | 'REGENERATED_PRODUCTION_API_KEY'
  | 'ENABLED_MERGE_WEBHOOK' | 'DISABLED_MERGE_WEBHOOK' | 'GENERATED_MAGIC_LINK' | 'FORCED_LINKED_ACCOUNT_RESYNC'
  | 'CREATED_LINKED_ACCOUNT_FIELD_MAPPING' | 'CHANGED_LINKED_ACCOUNT_FIELD_MAPPING' | 'DELETED_LINKED_ACCOUNT_FIELD_MAPPING'
  | 'CREATED_INTEGRATION_WIDE_FIELD_MAPPING' | 'CHANGED_INTEGRATION_WIDE_FIELD_MAPPING' | 'DELETED_INTEGRATION_WIDE_FIELD_MAPPING'

export interface AuditLogEvent {
  id: string
  user_name: string | null
  user_email: string | null
  role: 'API'
  ip_address: string
  event_type: string
  event_description: string
  created_at: string
}

export interface AuditQuery {
  readonly cursor?: string | undefined
  readonly page_size?: number | undefined
  readonly start_date?: string | undefined
  readonly end_date?: string | undefined
  readonly event_type?: string | undefined
  readonly user_email?: string | undefined
}

interface Row { seq: number, id: string, event_type: string, event_description: string, created_at: number }

/**
 * The organization's audit trail (facts §9): what the tenant did through the API, recorded by the listeners
 * compose.ts registers on the domains' events, inside the transaction of the change. Every entry is the
 * API's own (`role: API`, no user); the category in the path does not change the answer (one log per
 * organization, the facts' proposal). The events carry no client address, so `ip_address` is empty.
 */
export class AuditTrail {
  readonly #db: Db
  readonly #clock: Clock
  readonly #ids: Ids

  constructor (deps: { db: Db, clock: Clock, ids: Ids }) {
    this.#db = deps.db
    this.#clock = deps.clock
    this.#ids = deps.ids
  }

  record (tenantId: number, eventType: AuditEventType, description: string, at: number = this.#clock.now()): void {
    this.#db.prepare('INSERT INTO audit_events (id, tenant_id, event_type, event_description, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(this.#ids.uuid(), tenantId, eventType, description, at)
  }

  list (tenantId: number, query: AuditQuery): { next: string | null, previous: string | null, results: AuditLogEvent[] } {
    const start = dateParam('start_date', query.start_date)
    const end = dateParam('end_date', query.end_date)
    const w = walk(openCursor(plainCursors, query.cursor, undefined, () => appError('AUDIT_BAD_CURSOR')), pageSize(query.page_size))
    // user_email: every entry is the API's own, with no user, so a user filter matches nothing.
    const rows = query.user_email !== undefined ? [] : this.#walk(tenantId, w, start, end, query.event_type)
    const page = pageOf(w, rows, (r) => r.seq)
    return {
      next: cursorText(plainCursors, page.next, undefined),
      previous: cursorText(plainCursors, page.previous, undefined),
      results: page.rows.map((r) => ({
        id: r.id,
        user_name: null,
        user_email: null,
        role: 'API',
        ip_address: '',
        event_type: r.event_type,
        event_description: r.event_description,
        created_at: iso(r.created_at)
      }))
    }
  }

  #walk (tenantId: number, w: Walk, start: number | undefined, end: number | undefined, eventType: string | undefined): Row[] {
    const where = ['tenant_id = @tenantId']
    const params: Record<string, unknown> = { tenantId, limit: w.limit }
    if (start !== undefined) { where.push('created_at >= @start'); params.start = start }
    if (end !== undefined) { where.push('created_at <= @end'); params.end = end }
    if (eventType !== undefined) { where.push('event_type = @eventType'); params.eventType = eventType }
    if (w.from !== null) { where.push(w.backward ? 'seq < @from' : 'seq > @from'); params.from = w.from }
    return this.#db.prepare<[Record<string, unknown>], Row>(`SELECT seq, id, event_type, event_description, created_at FROM audit_events
      WHERE ${where.join(' AND ')} ORDER BY seq ${w.backward ? 'DESC' : 'ASC'} LIMIT @limit`).all(params)
  }

  clear (): void { this.#db.prepare('DELETE FROM audit_events').run() }
}

function dateParam (param: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const ms = isoFilterMs(value)
  if (ms === undefined) throw appError('AUDIT_BAD_FILTER', { param, value, reason: 'use an ISO 8601 date or date-time, such as 2026-01-01 or 2026-01-01T00:00:00Z' })
  return ms
}
