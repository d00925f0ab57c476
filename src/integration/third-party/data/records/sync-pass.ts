import type { Clock } from '../../../../core/clock.js'
import type { DataCategory, ModelDef } from '../../../base/catalogue/catalogue.js'
import type { DataSets } from './data-sets.js'
import { EPOCH_MS, RemoteChanges, epochAt, type Op } from './remote-changes.js'
import { editOps, totalOps, type RemoteEditRepository } from './remote-edits.js'
import type { DataRepository, DataSet } from './repository.js'
import type { SyncStamps } from './stamps.js'
import type { WrittenRecords } from './written.js'
import { WRITTEN_CUSTOM } from '../vendor/custom-fields.js'

/**
 * Sync passes: what makes the simulated remote visible through the API. A pass writes, in this order, what
 * is pending for one (account, model): the rest of a FULL rewrite in progress, the initial records not yet
 * written, then the remote changes (new, changed, deleted records) due by now, each written record getting
 * the pass's stamp as modified_at. `maxRecords` cuts a pass short; the next pass resumes exactly where it
 * stopped, so a scheduler can spread an initial sync over several passes or leave a sync partial.
 */

export interface SyncPassOptions {
  /** The instant of the pass (epoch ms); the clock's now by default. */
  readonly now?: number
  /** Write at most this many records; the rest stays pending for later passes. Unlimited by default. */
  readonly maxRecords?: number
}

export interface SyncPassResult {
  readonly modelId: string
  /** modified_at (microseconds) of every record this pass wrote. */
  readonly stampUs: number
  readonly created: number
  readonly changed: number
  readonly deleted: number
  readonly rewritten: number
  /** Records still pending after this pass (initial, remote changes due by now, FULL rewrite). */
  readonly remaining: number
}

export interface PendingWork {
  readonly rewrite: number
  readonly initial: number
  readonly changes: number
  readonly total: number
}

export class SyncPasses {
  readonly #repo: DataRepository
  readonly #sets: DataSets
  readonly #stamps: SyncStamps
  readonly #clock: Clock
  readonly #edits: RemoteEditRepository
  readonly #written: WrittenRecords

  constructor (repo: DataRepository, sets: DataSets, stamps: SyncStamps, clock: Clock, edits: RemoteEditRepository, written: WrittenRecords) {
    this.#written = written
    this.#repo = repo
    this.#sets = sets
    this.#stamps = stamps
    this.#clock = clock
    this.#edits = edits
  }

  run (accountId: string, model: ModelDef, options: SyncPassOptions = {}): SyncPassResult {
    const now = options.now ?? this.#clock.now()
    return this.#repo.transaction(() => {
      const data = this.#sets.account(accountId, model.category)
      let s: Mutable<DataSet> = { ...this.#sets.set(accountId, model) }
      const stamp = this.#stamps.next(accountId, now)
      let budget = options.maxRecords ?? Number.POSITIVE_INFINITY
      let created = 0
      let changed = 0
      let deleted = 0
      let rewritten = 0

      if (s.rewriteFrom !== null && budget > 0) {
        const limit = Number.isFinite(budget) ? budget : Number.MAX_SAFE_INTEGER
        const r = this.#repo.rewrite(s.id, s.rewriteFrom, limit, stamp)
        rewritten = r.written
        budget -= Math.max(r.written, r.next === null ? 0 : limit)
        s.rewriteFrom = r.next
      }

      if (s.initialWritten < s.initialCount && budget > 0) {
        const n = Math.min(budget, s.initialCount - s.initialWritten)
        this.#repo.insertRange(s.id, s.initialWritten, s.initialWritten + n, s.nextSeq, stamp)
        s = { ...s, initialWritten: s.initialWritten + n, nextSeq: s.nextSeq + n }
        created += n
        budget -= n
      }

      // Remote changes wait for the initial load: they are replayed in order once it is complete.
      if (s.initialWritten >= s.initialCount && budget > 0) {
        const changes = this.#sets.changes(data, s, model)
        const current = epochAt(data.anchorMs, now)
        const count = (outcome: Op['kind'] | 'none'): void => {
          if (outcome === 'create') { created++; s.nextSeq++ } else if (outcome === 'change') changed++; else if (outcome === 'delete') deleted++
        }
        // Edits made on demand take their place in time: after the churn epochs that ended before them.
        const editsHashOf = (list: readonly unknown[]): number => list.length === 0 ? 0 : data.setHash(`edits:${model.name}`)
        let edits = this.#edits.pending(s.id)
        let editsHash = editsHashOf(edits)
        let nextEdit = 0
        while (budget > 0) {
          // A lag beyond FOLD_EPOCHS: its older epochs become one remote edit, applied like any other (and
          // resumable the same way when the budget cuts it short); minute by minute from there on.
          const foldTo = s.appliedOps === 0 ? RemoteChanges.foldEnd(s.appliedEpoch, current) : undefined
          if (foldTo !== undefined) {
            const folded = changes.fold(s.appliedEpoch, foldTo, s.remoteCount)
            if (folded.created + folded.changed + folded.deleted > 0) this.#edits.add(s.id, data.anchorMs + foldTo * EPOCH_MS, folded)
            s.appliedEpoch = foldTo
            edits = this.#edits.pending(s.id)
            editsHash = editsHashOf(edits)
            nextEdit = 0
            continue
          }
          const edit = edits[nextEdit]
          if (edit !== undefined && epochAt(data.anchorMs, edit.at) <= s.appliedEpoch) {
            const ops = editOps(edit, editsHash, s.remoteCount)
            let applied = edit.appliedOps
            while (applied < ops.length && budget > 0) {
              count(this.#apply(s, ops[applied]!, stamp))
              applied++
              budget--
            }
            if (applied < ops.length) { this.#edits.saveProgress(edit, applied); break }
            // Values sent through the raw API: the created record (the next index) or the changed one holds them.
            if (edit.fields !== null) {
              const idx = edit.target ?? s.remoteCount
              const before = edit.target === null ? undefined : this.#written.fields(s.id, idx)
              const custom = { ...asObject(before?.[WRITTEN_CUSTOM]), ...asObject(edit.fields[WRITTEN_CUSTOM]) }
              this.#written.put(s.id, idx, { ...before, ...edit.fields, ...(Object.keys(custom).length === 0 ? {} : { [WRITTEN_CUSTOM]: custom }) }, false)
            }
            s.remoteCount += edit.created
            this.#edits.saveProgress(edit, totalOps(edit))
            nextEdit++
            continue
          }
          if (s.appliedEpoch >= current) break
          const epoch = s.appliedEpoch + 1
          const ops = changes.ops(epoch, s.remoteCount)
          while (s.appliedOps < ops.length && budget > 0) {
            count(this.#apply(s, ops[s.appliedOps]!, stamp))
            s.appliedOps++
            budget--
          }
          if (s.appliedOps >= ops.length) {
            s.remoteCount += changes.created(ops)
            s.appliedEpoch = epoch
            s.appliedOps = 0
          }
        }
      }

      this.#repo.saveProgress(s, stamp)
      return { modelId: model.id, stampUs: stamp, created, changed, deleted, rewritten, remaining: this.#pending(accountId, model, s, now).total }
    })
  }

  #apply (s: DataSet, op: Op, stamp: number): Op['kind'] | 'none' {
    switch (op.kind) {
      case 'create': return this.#repo.insertOne(s.id, s.nextSeq, op.index, stamp) ? 'create' : 'none'
      case 'change': return this.#repo.change(s.id, op.index, stamp) ? 'change' : 'none'
      case 'delete': return this.#repo.remove(s.id, op.index, stamp) ? 'delete' : 'none'
    }
  }

  /**
   * The index the next record created remotely at `at` will get, once a pass replays it: the remote count
   * after the churn epochs and edits that come before it (the same order `run` applies them in). The raw
   * vendor API answers a create with this record's id.
   */
  nextCreatedIndex (accountId: string, model: ModelDef, at: number): number {
    const data = this.#sets.account(accountId, model.category)
    const s = this.#sets.set(accountId, model)
    const changes = this.#sets.changes(data, s, model)
    let remoteCount = s.remoteCount
    let epoch = s.appliedEpoch
    const catchUp = (until: number): void => {
      const foldTo = RemoteChanges.foldEnd(epoch, until)
      if (foldTo !== undefined) { remoteCount += changes.fold(epoch, foldTo, remoteCount).created; epoch = foldTo }
      for (; epoch < until; epoch++) remoteCount += changes.created(changes.ops(epoch + 1, remoteCount))
    }
    for (const edit of this.#edits.pending(s.id)) {
      catchUp(epochAt(data.anchorMs, edit.at))
      remoteCount += edit.created
    }
    catchUp(epochAt(data.anchorMs, at))
    return remoteCount
  }

  /** Starts a FULL rewrite: the next passes write every live record again before anything else. */
  beginRewrite (accountId: string, model: ModelDef): void {
    this.#repo.transaction(() => {
      const s = this.#sets.set(accountId, model)
      this.#repo.saveProgress({ ...s, rewriteFrom: 0 }, s.lastStamp)
    })
  }

  pending (accountId: string, model: ModelDef, now = this.#clock.now()): PendingWork {
    const s = this.#sets.existingSet(accountId, model)
    if (s === undefined) {
      const data = this.#sets.account(accountId, model.category as DataCategory)
      const initial = data.count(model.name)
      return { rewrite: 0, initial, changes: 0, total: initial }
    }
    return this.#pending(accountId, model, s, now)
  }

  #pending (accountId: string, model: ModelDef, s: DataSet, now: number): PendingWork {
    const data = this.#sets.account(accountId, model.category)
    const rewrite = s.rewriteFrom === null ? 0 : this.#repo.liveFrom(s.id, s.rewriteFrom)
    const initial = s.initialCount - s.initialWritten
    const changes = this.#sets.changes(data, s, model).pending(
      { epoch: s.appliedEpoch, op: s.appliedOps, remoteCount: s.remoteCount }, epochAt(data.anchorMs, now))
    const edits = this.#edits.pendingOps(s.id)
    return { rewrite, initial, changes: changes + edits, total: rewrite + initial + changes + edits }
  }
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

const asObject = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : {})
