import type { Clock } from '../../core/clock.js'
import { hash32 } from '../../core/hash.js'
import { appError } from '../../core/errors.js'
import type { Db } from '../../store/database.js'
import type { Catalogue, ModelDef } from './catalogue/catalogue.js'
import { DataSets, type DataSettings } from './records/data-sets.js'
import { customValues, remoteFields, WRITTEN_CUSTOM } from './vendor/custom-fields.js'
import { fromVendor, vendorKey, vendorPayload } from './vendor/payload.js'
import { Generator } from './fake/generator.js'
import { parseListQuery, parseRecordQuery, type RawQuery } from './reads/query.js'
import { DataReader, type JsonPage } from './reads/reader.js'
import { RecordCache } from './reads/record-cache.js'
import { DataRepository } from './records/repository.js'
import { SyncStamps } from './records/stamps.js'
import { RemoteEditRepository, type RemoteEditCounts } from './records/remote-edits.js'
import { SyncPasses, type PendingWork, type SyncPassOptions, type SyncPassResult } from './records/sync-pass.js'
import { WrittenRecords, type WrittenFields } from './records/written.js'

/** field_mappings of a record from its remote id and its custom fields' values. */
/** field_mappings of a record, from the record as the vendor's API holds it. */
type Mapper = (payload: Readonly<Record<string, unknown>>) => Record<string, unknown>

/** include_remote_fields=true on a model whose records carry remote_fields. */
function wantsRemoteFields (model: ModelDef, raw: RawQuery): boolean {
  return (raw.include_remote_fields === 'true' || raw.include_remote_fields === true) && model.fields.some((f) => f.name === 'remote_fields')
}

const wantsRemoteData = (raw: RawQuery): boolean => raw.include_remote_data === 'true' || raw.include_remote_data === true

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/**
 * The data domain's public surface: reading synced records (pages and single records, as JSON) and sync
 * passes that make the simulated third-party changes visible. Knows nothing of HTTP; the sync scheduler
 * drives `runSyncPass`.
 */
const SENSITIVE = { remoteData: false, sensitive: true, expandSubs: new Set<string>() }

/** Shapes the service fills itself on every record, written or not. */
const BOOKKEEPING = new Set(['id', 'remote_id', 'created_at', 'modified_at', 'remote_was_deleted', 'field_mappings', 'remote_data', 'remote-fields'])

/** A record's content: every field but the service's bookkeeping. */
export function contentOf (model: ModelDef, record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const f of model.fields) if (!BOOKKEEPING.has(f.shape.t) && f.name in record) out[f.name] = record[f.name]
  return out
}

export class DataService {
  readonly catalogue: Catalogue
  readonly #repo: DataRepository
  readonly #sets: DataSets
  readonly #reader: DataReader
  readonly #passes: SyncPasses
  readonly #stamps: SyncStamps
  readonly #cache: RecordCache
  readonly #edits: RemoteEditRepository
  readonly #written: WrittenRecords
  readonly #generator: Generator

  readonly #mapper: (accountId: string, model: ModelDef) => Mapper | undefined
  readonly #passed: (accountId: string, modelId: string) => void

  constructor (deps: {
    readonly db: Db
    readonly clock: Clock
    readonly catalogue: Catalogue
    readonly settings: DataSettings
    /** field_mappings of a model's records by remote id, when the account has mappings of it in effect. */
    readonly fieldMappings?: (accountId: string, model: ModelDef) => Mapper | undefined
    /** A sync pass of the model ran for the account (field mappings changed since take effect). */
    readonly passed?: (accountId: string, modelId: string) => void
  }) {
    this.#passed = deps.passed ?? (() => undefined)
    this.catalogue = deps.catalogue
    this.#mapper = deps.fieldMappings ?? (() => undefined)
    this.#repo = new DataRepository(deps.db)
    this.#sets = new DataSets(this.#repo, deps.catalogue, deps.settings, deps.clock)
    this.#stamps = new SyncStamps(deps.clock, (accountId) => this.#repo.maxStamp(accountId))
    // Three quarters of the cache budget for records, a quarter for whole pages asked for again.
    this.#cache = new RecordCache(Math.floor(deps.settings.cacheBytes * 0.75))
    this.#written = new WrittenRecords(deps.db)
    this.#generator = new Generator(deps.catalogue)
    this.#reader = new DataReader(this.#repo, this.#sets, this.#generator, deps.catalogue,
      hash32(`cursor:${deps.settings.seed}`), this.#cache, Math.floor(deps.settings.cacheBytes * 0.25), this.#written)
    this.#edits = new RemoteEditRepository(deps.db)
    this.#passes = new SyncPasses(this.#repo, this.#sets, this.#stamps, deps.clock, this.#edits, this.#written)
  }

  /** A page of a model's records as the JSON bytes the HTTP route sends, with its cursors (for the journal). */
  listJson (accountId: string, model: ModelDef, raw: RawQuery): JsonPage {
    const page = this.#reader.listJson(accountId, model, parseListQuery(model, raw))
    const mapper = this.#mapper(accountId, model)
    if (!this.#decorates(accountId, model, raw, mapper)) return page
    const body = JSON.parse(page.json.toString()) as { results: Array<Record<string, unknown>> }
    for (const record of body.results) this.#decorate(accountId, model, raw, mapper, record)
    return { ...page, json: Buffer.from(JSON.stringify(body)) }
  }

  retrieveJson (accountId: string, model: ModelDef, id: string, raw: RawQuery): string {
    const json = this.#reader.retrieveJson(accountId, model, id, parseRecordQuery(model, raw))
    const mapper = this.#mapper(accountId, model)
    if (!this.#decorates(accountId, model, raw, mapper)) return json
    return JSON.stringify(this.#decorate(accountId, model, raw, mapper, JSON.parse(json) as Record<string, unknown>))
  }

  /** Whether records of this read need what #decorate adds: most reads do not, and keep the generated bytes. */
  #decorates (accountId: string, model: ModelDef, raw: RawQuery, mapper: Mapper | undefined): boolean {
    if (wantsRemoteFields(model, raw) || mapper !== undefined) return true
    return wantsRemoteData(raw) && this.#hasWrites(accountId, model)
  }

  #hasWrites (accountId: string, model: ModelDef): boolean {
    const set = this.#sets.existingSet(accountId, model)
    return set !== undefined && this.#written.hasSet(set.id)
  }

  /**
   * What the third party adds to a record on request (remote_fields), by mapping (field_mappings), and the
   * custom-field values a write gave it (in remote_fields, field mappings and remote_data alike).
   */
  #decorate (accountId: string, model: ModelDef, raw: RawQuery, mapper: Mapper | undefined, record: Record<string, unknown>): Record<string, unknown> {
    const written = this.#writtenOf(accountId, model, String(record.id))
    const custom = isRecord(written?.[WRITTEN_CUSTOM]) ? written[WRITTEN_CUSTOM] : undefined
    const resource = `${model.category}/${model.segment}`
    const remoteId = String(record.remote_id)
    if (wantsRemoteFields(model, raw)) record.remote_fields = remoteFields(resource, remoteId, custom)
    if (mapper !== undefined && 'field_mappings' in record) record.field_mappings = mapper(vendorPayload(model, record, { ...customValues(resource, remoteId), ...custom }))
    const remoteData = record.remote_data
    const data = Array.isArray(remoteData) && isRecord(remoteData[0]) && isRecord(remoteData[0].data) ? remoteData[0].data : undefined
    if (data !== undefined && written !== undefined) {
      // The vendor's payload holds what was written too, under its own keys.
      for (const [field, value] of Object.entries(written)) {
        const key = vendorKey(field)
        if (key in data && (value === null || typeof value !== 'object')) data[key] = value
      }
      Object.assign(data, custom)
    }
    return record
  }

  /** The custom-field values of a record: the third party's own, over them what writes gave it. */
  customValues (accountId: string, model: ModelDef, record: Readonly<Record<string, unknown>>): Record<string, unknown> {
    const remoteId = String(record.remote_id)
    const custom = this.#writtenOf(accountId, model, String(record.id))?.[WRITTEN_CUSTOM]
    return { ...customValues(`${model.category}/${model.segment}`, remoteId), ...(isRecord(custom) ? custom : {}) }
  }

  /** What writes (the API's, or the raw API's once synced) gave a record; undefined when nothing. */
  #writtenOf (accountId: string, model: ModelDef, id: string): Readonly<Record<string, unknown>> | undefined {
    const set = this.#sets.existingSet(accountId, model)
    const idx = set === undefined ? undefined : this.#sets.existing(accountId)?.codec(model.name).decode(id)
    return set === undefined || idx === undefined ? undefined : this.#written.fields(set.id, idx)
  }

  /**
   * A sub-object by the id a record lists it under (GET accounting/v1/addresses/{id}): looked for in every
   * model of the category with a list of that sub-object, or DATA_RECORD_NOT_FOUND.
   */
  subObjectJson (accountId: string, category: string, name: string, id: string): string {
    for (const parent of this.catalogue.inCategory(category)) {
      for (const f of parent.fields) {
        if (f.shape.t !== 'ref' || f.shape.to !== 'sub' || f.shape.target !== name) continue
        const item = this.#reader.subObject(accountId, parent, f.name, id)
        if (item !== undefined) return JSON.stringify(item)
      }
    }
    throw appError('DATA_RECORD_NOT_FOUND', { model: name, id })
  }

  /**
   * The record behind an id as reads show it (plain form; `sensitive` adds the withheld fields), with whether
   * it is live, or undefined when the account has no such record of the model.
   */
  record (accountId: string, model: ModelDef, id: string, sensitive = false): { record: Record<string, unknown>, live: boolean } | undefined {
    const found = this.#reader.record(accountId, model, id, sensitive ? SENSITIVE : undefined)
    return found === undefined ? undefined : { record: found.record, live: found.row.deleted === 0 }
  }

  /**
   * Writes a new record into the account's simulated third-party system, visible at once: it takes the remote's
   * next index (so its remote_id is the third party's next id, and later syncs and passthrough see it), the
   * data set's next position in list order, and a fresh stamp as created_at and modified_at. `fields` replace
   * the generated values (see WrittenRecords). Answers the record as reads show it.
   */
  create (accountId: string, model: ModelDef, fields: WrittenFields, now: number): Record<string, unknown> {
    return this.#guarded(() => {
      const data = this.#sets.account(accountId, model.category)
      const s = this.#sets.set(accountId, model)
      const stamp = this.#stamps.next(accountId, now)
      const idx = s.remoteCount
      this.#repo.insertOne(s.id, s.nextSeq, idx, stamp)
      this.#repo.saveProgress({ ...s, remoteCount: s.remoteCount + 1, nextSeq: s.nextSeq + 1 }, stamp)
      this.#written.put(s.id, idx, fields, false)
      return this.#reader.record(accountId, model, data.idOf(model.name, idx))!.record
    })
  }

  /**
   * Changes a live record: `fields` over its current values; modified_at moves to a fresh stamp. Undefined
   * when there is no live record behind the id.
   */
  update (accountId: string, model: ModelDef, id: string, fields: WrittenFields, now: number): Record<string, unknown> | undefined {
    return this.#guarded(() => {
      const found = this.#reader.record(accountId, model, id, SENSITIVE)
      const s = this.#sets.existingSet(accountId, model)
      if (found === undefined || s === undefined || found.row.deleted !== 0) return undefined
      const stamp = this.#stamps.next(accountId, now)
      this.#repo.change(s.id, found.row.idx, stamp)
      this.#repo.saveProgress(s, stamp)
      // Custom-field values written before stay unless this write names them again.
      const before = this.#written.fields(s.id, found.row.idx)?.[WRITTEN_CUSTOM]
      const custom = { ...(isRecord(before) ? before : {}), ...(isRecord(fields[WRITTEN_CUSTOM]) ? fields[WRITTEN_CUSTOM] : {}) }
      this.#written.put(s.id, found.row.idx, { ...contentOf(model, found.record), ...fields, ...(Object.keys(custom).length === 0 ? {} : { [WRITTEN_CUSTOM]: custom }) }, false)
      return this.#reader.record(accountId, model, id)!.record
    })
  }

  /**
   * Ignores a record: it leaves reads (as a deleted record: `include_deleted_data` shows it, with
   * remote_was_deleted), its properties become null, and later syncs leave it alone. False when there is no
   * live record behind the id.
   */
  ignore (accountId: string, model: ModelDef, id: string, now: number): boolean {
    return this.#guarded(() => {
      const found = this.#reader.record(accountId, model, id)
      const s = this.#sets.existingSet(accountId, model)
      if (found === undefined || s === undefined || found.row.deleted !== 0) return false
      const stamp = this.#stamps.next(accountId, now)
      this.#repo.remove(s.id, found.row.idx, stamp)
      this.#repo.saveProgress(s, stamp)
      this.#written.put(s.id, found.row.idx, Object.fromEntries(Object.keys(contentOf(model, found.record)).map((k) => [k, null])), true)
      return true
    })
  }

  /** A write in a transaction; a rollback also drops what the written-records memory saw. */
  #guarded<T> (fn: () => T): T {
    try {
      return this.#repo.transaction(fn)
    } catch (error) {
      this.#written.forget()
      throw error
    }
  }

  /** One sync pass of one model (`{category}.{ModelName}`): see SyncPasses. */
  runSyncPass (accountId: string, modelId: string, options: SyncPassOptions = {}): SyncPassResult {
    const result = this.#passes.run(accountId, this.#sets.model(modelId), options)
    this.#passed(accountId, modelId)
    return result
  }

  /** What a pass would still have to write now. */
  pending (accountId: string, modelId: string, now?: number): PendingWork {
    return this.#passes.pending(accountId, this.#sets.model(modelId), now)
  }

  /**
   * The simulated third-party system changes now: `created` new records, `changed` and `deleted` existing ones
   * (picked deterministically; one landing on a record already deleted changes nothing). The next sync pass of
   * the model makes them visible, after the initial load.
   */
  editRemote (accountId: string, modelId: string, counts: RemoteEditCounts, now: number): void {
    const model = this.#sets.model(modelId)
    this.#repo.transaction(() => { this.#edits.add(this.#sets.set(accountId, model).id, now, counts) })
  }

  /**
   * A record created in the simulated system now, through its own API: the next sync pass of the model shows
   * it. Answers the remote id it will carry.
   */
  createRemote (accountId: string, modelId: string, now: number, vendorBody: Readonly<Record<string, unknown>> = {}): string {
    const model = this.#sets.model(modelId)
    return this.#repo.transaction(() => {
      const index = this.#passes.nextCreatedIndex(accountId, model, now)
      const fields = fromVendor(model, vendorBody)
      this.#edits.add(this.#sets.set(accountId, model).id, now, { created: 1, changed: 0, deleted: 0 }, null, fields)
      return String(this.#sets.account(accountId, model.category).remoteBase(model.name) + index)
    })
  }

  /** The record with this remote id changes (a new version) or is deleted in the simulated system now. */
  editRemoteRecord (accountId: string, modelId: string, remoteId: string, change: 'changed' | 'deleted', now: number, vendorBody: Readonly<Record<string, unknown>> = {}): void {
    const model = this.#sets.model(modelId)
    const index = this.#generator.indexOfRemoteId(model, this.#sets.account(accountId, model.category), remoteId)
    if (index === undefined) throw new Error(`editRemoteRecord: ${remoteId} is not a remote id of ${modelId}`)
    const counts = { created: 0, changed: change === 'changed' ? 1 : 0, deleted: change === 'deleted' ? 1 : 0 }
    const fields = change === 'changed' ? fromVendor(model, vendorBody) : null
    this.#repo.transaction(() => { this.#edits.add(this.#sets.set(accountId, model).id, now, counts, index, fields) })
  }

  /** A FULL resync: the following passes write every live record again (then what is pending). */
  beginFullRewrite (accountId: string, modelId: string): void {
    this.#passes.beginRewrite(accountId, this.#sets.model(modelId))
  }

  /** Records the remote holds at the anchor: what an initial sync loads. */
  volume (accountId: string, modelId: string): number {
    const model = this.#sets.model(modelId)
    return this.#sets.existingSet(accountId, model)?.initialCount ?? this.#sets.account(accountId, model.category).count(model.name)
  }

  /**
   * A stamp later than every modified_at written so far and than the clock's current millisecond: the
   * `last_sync_finished` of a sync whose passes are done, so that every record it wrote is strictly before it.
   */
  nextStamp (accountId: string, nowMs?: number): number {
    return this.#stamps.next(accountId, nowMs)
  }

  deleteAccount (accountId: string): void {
    this.#repo.transaction(() => { this.#repo.deleteAccount(accountId) })
    this.#sets.forget(accountId)
    this.#stamps.forget(accountId)
    this.#edits.forget()
    this.#written.forget()
  }

  clear (): void {
    this.#repo.clear()
    this.forgetCaches()
    this.#stamps.forget()
  }

  /** Drops what is kept in memory of the stored data (a tenant's rows were deleted under it). */
  forgetCaches (): void {
    this.#cache.clear()
    this.#reader.clearPages()
    this.#sets.forget()
    this.#edits.forget()
    this.#written.forget()
  }
}
