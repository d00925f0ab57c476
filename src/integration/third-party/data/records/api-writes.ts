import type { ModelDef } from '../../../base/catalogue/catalogue.js'
import { WRITTEN_CUSTOM } from '../vendor/custom-fields.js'
import type { DataSets } from './data-sets.js'
import { PLAIN, type RecordBuilder, WITH_SENSITIVE } from './record-builder.js'
import type { DataRepository } from './repository.js'
import type { SyncStamps } from './stamps.js'
import type { WrittenFields, WrittenRecords } from './written.js'

/** Shapes the service fills itself on every record, written or not. */
const BOOKKEEPING = new Set(['id', 'remote_id', 'created_at', 'modified_at', 'remote_was_deleted', 'field_mappings', 'remote_data', 'remote-fields'])

/** A record's content: every field but the service's bookkeeping. */
function contentOf (model: ModelDef, record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const f of model.fields) if (!BOOKKEEPING.has(f.shape.t) && f.name in record) out[f.name] = record[f.name]
  return out
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

export interface ApiWritesDeps {
  readonly repo: DataRepository
  readonly sets: DataSets
  readonly stamps: SyncStamps
  readonly written: WrittenRecords
  readonly builder: RecordBuilder
}

/**
 * Writes through the unified API (create, partial update, ignore): visible at once, each with a fresh stamp as
 * modified_at, its content kept in data_written over what the generator would produce.
 */
export class ApiWrites {
  readonly #d: ApiWritesDeps

  constructor (deps: ApiWritesDeps) {
    this.#d = deps
  }

  /**
   * Writes a new record into the account's simulated third-party system, visible at once: it takes the remote's
   * next index (so its remote_id is the third party's next id, and later syncs and passthrough see it), the
   * data set's next position in list order, and a fresh stamp as created_at and modified_at. `fields` replace
   * the generated values (see WrittenRecords). Answers the record as reads show it.
   */
  create (accountId: string, model: ModelDef, fields: WrittenFields, now: number): Record<string, unknown> {
    return this.#guarded(() => {
      const data = this.#d.sets.account(accountId, model.category)
      const s = this.#d.sets.set(accountId, model)
      const stamp = this.#d.stamps.next(accountId, now)
      const idx = s.remoteCount
      const inserted = this.#d.repo.insertOne(s.id, s.nextSeq, idx, stamp)
      this.#d.repo.saveProgress({ ...s, remoteCount: s.remoteCount + 1, nextSeq: s.nextSeq + 1 }, stamp)
      this.#d.written.put(s.id, idx, fields, false)
      // The row just inserted is known: building from it spares encoding the id, decoding it and reading the row back.
      if (inserted) return this.#d.builder.build(model, data, s.id, { seq: s.nextSeq, idx, version: 0, deleted: 0, created_us: stamp, modified_us: stamp }, PLAIN)
      return this.#d.builder.record(accountId, model, data.idOf(model.name, idx))!.record
    })
  }

  /**
   * Changes a live record: `fields` over its current values; modified_at moves to a fresh stamp. Undefined
   * when there is no live record behind the id.
   */
  update (accountId: string, model: ModelDef, id: string, fields: WrittenFields, now: number): Record<string, unknown> | undefined {
    return this.#guarded(() => {
      const found = this.#d.builder.record(accountId, model, id, WITH_SENSITIVE)
      const s = this.#d.sets.existingSet(accountId, model)
      if (found === undefined || s === undefined || found.row.deleted !== 0) return undefined
      const stamp = this.#d.stamps.next(accountId, now)
      this.#d.repo.change(s.id, found.row.idx, stamp)
      this.#d.repo.saveProgress(s, stamp)
      // Custom-field values written before stay unless this write names them again.
      const before = this.#d.written.fields(s.id, found.row.idx)?.[WRITTEN_CUSTOM]
      const custom = { ...(isRecord(before) ? before : {}), ...(isRecord(fields[WRITTEN_CUSTOM]) ? fields[WRITTEN_CUSTOM] : {}) }
      this.#d.written.put(s.id, found.row.idx, { ...contentOf(model, found.record), ...fields, ...(Object.keys(custom).length === 0 ? {} : { [WRITTEN_CUSTOM]: custom }) }, false)
      return this.#d.builder.record(accountId, model, id)!.record
    })
  }

  /**
   * Ignores a record: it leaves reads (as a deleted record: `include_deleted_data` shows it, with
   * remote_was_deleted), its properties become null (its lists empty), and later syncs leave it alone. False when there is no
   * live record behind the id.
   */
  ignore (accountId: string, model: ModelDef, id: string, now: number): boolean {
    return this.#guarded(() => {
      const found = this.#d.builder.record(accountId, model, id)
      const s = this.#d.sets.existingSet(accountId, model)
      if (found === undefined || s === undefined || found.row.deleted !== 0) return false
      const stamp = this.#d.stamps.next(accountId, now)
      this.#d.repo.remove(s.id, found.row.idx, stamp)
      this.#d.repo.saveProgress(s, stamp)
      // Lists become empty rather than null: the read model declares them non-nullable.
      const content = contentOf(model, found.record)
      this.#d.written.put(s.id, found.row.idx, Object.fromEntries(Object.keys(content).map((k) => [k, Array.isArray(content[k]) ? [] : null])), true)
      return true
    })
  }

  /** A write in a transaction; a rollback also drops what the written-records memory saw. */
  #guarded<T> (fn: () => T): T {
    try {
      return this.#d.repo.transaction(fn)
    } catch (error) {
      this.#d.written.forget()
      throw error
    }
  }
}
