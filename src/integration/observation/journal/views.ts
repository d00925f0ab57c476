import { iso } from '../../../core/iso.js'
import type { JournalEntry } from './journal-entry.js'
import type { JournalEntryView } from './schemas.js'

/** A journal entry as the control API and the report show it. */
export function entryView (e: JournalEntry): JournalEntryView {
  const f = e.facets
  const facets: JournalEntryView['facets'] = {}
  if (f.endpoint !== undefined) facets.endpoint = f.endpoint
  if (f.model !== undefined) facets.model = f.model
  if (f.pageSize !== undefined) facets.page_size = f.pageSize
  if (f.cursor !== undefined) facets.cursor_fp = f.cursor
  if (f.next !== undefined) facets.next_fp = f.next
  if (f.previous !== undefined) facets.previous_fp = f.previous
  if (f.modifiedAfter !== undefined) facets.modified_after = f.modifiedAfter
  if (f.modifiedBefore !== undefined) facets.modified_before = f.modifiedBefore
  if (f.syncType !== undefined) facets.sync_type = f.syncType
  if (f.target !== undefined) facets.target = f.target
  if (f.syncBefore !== undefined) facets.sync_before = { ...f.syncBefore }
  if (f.category !== undefined) facets.category = f.category
  if (f.endUserOriginId !== undefined) facets.end_user_origin_id = f.endUserOriginId
  if (f.endUserEmail !== undefined) facets.end_user_email_address_fp = f.endUserEmail
  if (f.organization !== undefined) facets.end_user_organization_name_fp = f.organization
  if (f.linkToken !== undefined) facets.link_token_fp = f.linkToken
  if (f.publicToken !== undefined) facets.public_token_fp = f.publicToken
  if (f.answer !== undefined) facets.answer_fp = f.answer
  if (f.syncing !== undefined) facets.syncing = f.syncing
  if (f.linkTokenState !== undefined) facets.link_token_state = f.linkTokenState
  if (f.accountStatus !== undefined) facets.account_status = f.accountStatus
  if (f.write !== undefined) {
    facets.write = { outcome: f.write.outcome, kind: f.write.kind, body_fp: f.write.body, ...(f.write.key === undefined ? {} : { idempotency_key_fp: f.write.key }) }
  }
  return {
    id: e.id,
    at: iso(e.at),
    surface: e.surface,
    method: e.method,
    path: e.path,
    query: Object.fromEntries(Object.entries(e.query).map(([k, v]) => [k, typeof v === 'string' ? v : [...v]])),
    status: e.status,
    error: e.error,
    duration_ms: e.durationMs,
    account_id: e.accountId,
    facets
  }
}
