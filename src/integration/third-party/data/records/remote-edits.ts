import type { Statement } from 'better-sqlite3'
import type { Db } from '../../../../store/database.js'
import { between, combine } from '../../../../core/hash.js'
import type { Op } from './remote-changes.js'

export interface RemoteEditCounts {
  readonly created: number
  readonly changed: number
  readonly deleted: number
}

export interface RemoteEdit extends RemoteEditCounts {
  readonly id: number
  /** The record a targeted change or delete lands on (an edit through the raw vendor API); null: picked by hash. */
  readonly target: number | null
  readonly setId: number
  readonly at: number
  readonly appliedOps: number
  /** What a create or change through the raw API sent, by field (null: values the generator picks). */
  readonly fields: Readonly<Record<string, unknown>> | null
}

export const totalOps = (e: RemoteEditCounts): number => e.created + e.changed + e.deleted

/**
 * The operations of one edit, given how many records the remote held when it began: creates first (the next
 * indices), then changes and deletes of existing records picked by a hash of the edit, so a replay after a
 * restart or a short pass yields the same operations. A change or delete that lands on a record already
 * deleted changes nothing, as in the steady churn.
 */
export function editOps (edit: RemoteEdit, setHash: number, remoteCount: number): Op[] {
  const h = combine(combine(setHash, 0x3d17), edit.id)
  const ops: Op[] = []
  for (let i = 0; i < edit.created; i++) ops.push({ kind: 'create', index: remoteCount + i })
  if (remoteCount === 0) return ops
  const pick = (salt: number): number => edit.target ?? between(combine(h, salt), 0, remoteCount - 1)
  for (let i = 0; i < edit.changed; i++) ops.push({ kind: 'change', index: pick(100 + i) })
  for (let i = 0; i < edit.deleted; i++) ops.push({ kind: 'delete', index: pick(10_000 + i) })
  return ops
}

interface EditRow { id: number, set_id: number, target_idx: number | null, at: number, created: number, changed: number, deleted: number, applied_ops: number, fields: string | null }

/**
 * SQL of remote edits. Sync passes run hundreds of thousands of times a simulated day and almost never find an
 * edit: the ids of sets with edits still pending are kept in memory so the common pass asks nothing.
 */
export class RemoteEditRepository {
  readonly #db: Db
  readonly #insert: Statement
  readonly #pending: Statement
  readonly #progress: Statement
  readonly #created: Statement
  #withPending: Set<number> | undefined

  constructor (db: Db) {
    this.#db = db
    this.#insert = db.prepare('INSERT INTO data_remote_edits (set_id, at, created, changed, deleted, target_idx, fields, remote_id, vendor_body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)')
    this.#created = db.prepare('SELECT remote_id, vendor_body FROM data_remote_edits WHERE set_id = ? AND remote_id IS NOT NULL AND applied_ops < created + changed + deleted ORDER BY id')
    this.#pending = db.prepare('SELECT * FROM data_remote_edits WHERE set_id = ? AND applied_ops < created + changed + deleted ORDER BY id')
    this.#progress = db.prepare('UPDATE data_remote_edits SET applied_ops = ? WHERE id = ?')
  }

  #sets (): Set<number> {
    this.#withPending ??= new Set(this.#db.prepare('SELECT DISTINCT set_id FROM data_remote_edits WHERE applied_ops < created + changed + deleted').pluck().all() as number[])
    return this.#withPending
  }

  add (setId: number, at: number, counts: RemoteEditCounts, target: number | null = null, fields: Readonly<Record<string, unknown>> | null = null,
    created: { remoteId: string, body: Readonly<Record<string, unknown>> } | null = null): void {
    this.#insert.run(setId, at, counts.created, counts.changed, counts.deleted, target, fields === null ? null : JSON.stringify(fields),
      created?.remoteId ?? null, created === null ? null : JSON.stringify(created.body))
    this.#sets().add(setId)
  }

  /** Records created through the raw vendor API that no sync pass has replayed yet, oldest first, with what they were sent. */
  createdPending (setId: number): Array<{ remoteId: string, body: Record<string, unknown> }> {
    if (!this.#sets().has(setId)) return []
    return (this.#created.all(setId) as Array<{ remote_id: string, vendor_body: string }>).map((r) => ({ remoteId: r.remote_id, body: JSON.parse(r.vendor_body) as Record<string, unknown> }))
  }

  pending (setId: number): RemoteEdit[] {
    if (!this.#sets().has(setId)) return []
    return (this.#pending.all(setId) as EditRow[]).map((r) => ({
      id: r.id, target: r.target_idx, setId: r.set_id, at: r.at, created: r.created, changed: r.changed, deleted: r.deleted, appliedOps: r.applied_ops,
      fields: r.fields === null ? null : JSON.parse(r.fields) as Record<string, unknown>
    }))
  }

  /** Operations still to apply across the set's pending edits. */
  pendingOps (setId: number): number {
    let n = 0
    for (const e of this.pending(setId)) n += totalOps(e) - e.appliedOps
    return n
  }

  saveProgress (edit: RemoteEdit, appliedOps: number): void {
    this.#progress.run(appliedOps, edit.id)
    if (appliedOps >= totalOps(edit) && this.pending(edit.setId).length === 0) this.#sets().delete(edit.setId)
  }

  /** After rows vanish (reset, account deletion cascades): re-read which sets have edits pending. */
  forget (): void {
    this.#withPending = undefined
  }
}
