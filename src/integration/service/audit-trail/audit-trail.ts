import type { Clock } from '../../../core/clock.js'
import { cursorText, openCursor, pageOf, pageSize, walk } from '../../../core/pagination.js'
import { plainCursors } from '../../../core/cursor.js'
import { appError } from '../../../core/errors.js'
import type { Ids } from '../../../core/ids.js'
import { iso } from '../../../core/iso.js'
import type { AuditRepository } from './audit-repository.js'
import { isoFilterMs } from '../../base/dialect/date-filter.js'

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

/**
 * The organization's audit trail (facts §9): what the tenant did through the API, recorded by the listeners
 * compose.ts registers on the domains' events, inside the transaction of the change. Every entry is the
 * API's own (`role: API`, no user); the category in the path does not change the answer (one log per
 * organization, the facts' proposal). The events carry no client address, so `ip_address` is empty.
 */
export class AuditTrail {
  readonly #repo: AuditRepository
  readonly #clock: Clock
  readonly #ids: Ids

  constructor (deps: { repo: AuditRepository, clock: Clock, ids: Ids }) {
    this.#repo = deps.repo
    this.#clock = deps.clock
    this.#ids = deps.ids
  }

  record (tenantId: number, eventType: AuditEventType, description: string, at: number = this.#clock.now()): void {
    this.#repo.insert(this.#ids.uuid(), tenantId, eventType, description, at)
  }

  list (tenantId: number, query: AuditQuery): { next: string | null, previous: string | null, results: AuditLogEvent[] } {
    const start = dateParam('start_date', query.start_date)
    const end = dateParam('end_date', query.end_date)
    const w = walk(openCursor(plainCursors, query.cursor, undefined, () => appError('AUDIT_BAD_CURSOR')), pageSize(query.page_size))
    // user_email: every entry is the API's own, with no user, so a user filter matches nothing.
    const rows = query.user_email !== undefined ? [] : this.#repo.walk(tenantId, w, { start, end, eventType: query.event_type })
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

  clear (): void { this.#repo.clear() }
}

function dateParam (param: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const ms = isoFilterMs(value)
  if (ms === undefined) throw appError('AUDIT_BAD_FILTER', { param, value, reason: 'use an ISO 8601 date or date-time, such as 2026-01-01 or 2026-01-01T00:00:00Z' })
  return ms
}
