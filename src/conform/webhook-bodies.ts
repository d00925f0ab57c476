import { randomUUID } from 'node:crypto'

/**
 * Webhook bodies the kit sends itself, made from bodies unimock really sent: marked with a last_sync_finished
 * of the kit's own, or with their linked account swapped for one nobody knows. Pure functions of the JSON text.
 */

/**
 * A genuine body made to say that a later sync of every model it names finished DONE at `mark`: not the
 * initial sync, every result DONE, every last_sync_finished the mark. Any correct backend that believes it,
 * and keeps one of its models, fetches with modified_before = the mark.
 */
export function marked (body: string, mark: string): string {
  const parsed = JSON.parse(body) as { data?: Record<string, unknown> }
  const data = parsed.data ?? {}
  const record = (r: unknown): unknown => {
    if (typeof r !== 'object' || r === null) return r
    const out: Record<string, unknown> = { ...r as Record<string, unknown>, last_sync_finished: mark, last_sync_result: 'DONE' }
    if ('status' in out) out.status = 'DONE'
    if ('is_initial_sync' in out) out.is_initial_sync = false
    return out
  }
  if ('is_initial_sync' in data) data.is_initial_sync = false
  const status = data.sync_status as Record<string, unknown> | undefined
  if (typeof status === 'object' && status !== null) {
    data.sync_status = 'model_id' in status ? record(status) : Object.fromEntries(Object.entries(status).map(([k, v]) => [k, record(v)]))
  }
  return JSON.stringify({ ...parsed, data })
}

/** The body with its linked account replaced by one no integration has (a new id and origin id). */
export function unknownAccount (body: string): string {
  const parsed = JSON.parse(body) as { linked_account?: Record<string, unknown> }
  const id = randomUUID()
  parsed.linked_account = { ...parsed.linked_account, id, end_user_origin_id: `conform-unknown-${id.slice(0, 8)}` }
  return JSON.stringify(parsed)
}
