import type { Clock } from '../../../core/clock.js'
import { hash32 } from '../../../core/hash.js'
import type { Db } from '../../../store/database.js'
import type { Catalogue, ModelDef, NestedListDef } from '../../base/catalogue/catalogue.js'
import { Generator } from './fake/generator.js'
import { Decoration, type Mapper } from './reads/decoration.js'
import { Expansion } from './reads/expand.js'
import { blanking, type Finish, inTurn, NO_FIELDS } from './reads/finish.js'
import { PageCache, type JsonPage } from './reads/page-cache.js'
import { PageWalker } from './reads/page-walk.js'
import { type ContentFilter, parseListQuery, parseRecordQuery, type RawQuery } from './reads/query.js'
import { DataReader, type RecordPage } from './reads/reader.js'
import { RecordCache } from './reads/record-cache.js'
import { SubObjects } from './reads/sub-objects.js'
import { ApiWrites } from './records/api-writes.js'
import { DataSets, type DataSettings } from './records/data-sets.js'
import { RecordBuilder, WITH_SENSITIVE } from './records/record-builder.js'
import { RemoteEditRepository, type RemoteEditCounts } from './records/remote-edits.js'
import { RemoteWrites } from './records/remote-writes.js'
import { DataRepository } from './records/repository.js'
import { SyncStamps } from './records/stamps.js'
import { SyncPasses, type PendingWork, type SyncPassOptions, type SyncPassResult } from './records/sync-pass.js'
import { WrittenRecords, type WrittenFields } from './records/written.js'

/**
 * The data domain's public surface: reading synced records (pages and single records, as the JSON a route
 * sends or as objects), writes through the API, changes of the simulated third party, and the sync passes that
 * make them visible. Knows nothing of HTTP; the sync scheduler drives `runSyncPass`. Each method hands the
 * work to the part of reads/ or records/ that holds it.
 */
export class DataService {
  readonly catalogue: Catalogue
  readonly #repo: DataRepository
  readonly #sets: DataSets
  readonly #stamps: SyncStamps
  readonly #records: RecordCache
  readonly #pages: PageCache
  readonly #edits: RemoteEditRepository
  readonly #written: WrittenRecords
  readonly #builder: RecordBuilder
  readonly #reader: DataReader
  readonly #decoration: Decoration
  readonly #subObjects: SubObjects
  readonly #passes: SyncPasses
  readonly #writes: ApiWrites
  readonly #remote: RemoteWrites
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
    this.catalogue = deps.catalogue
    this.#passed = deps.passed ?? (() => undefined)
    this.#repo = new DataRepository(deps.db)
    this.#sets = new DataSets(this.#repo, deps.catalogue, deps.settings, deps.clock)
    this.#stamps = new SyncStamps(deps.clock, (accountId) => this.#repo.maxStamp(accountId))
    // Three quarters of the cache budget for records, a quarter for whole pages asked for again.
    this.#records = new RecordCache(Math.floor(deps.settings.cacheBytes * 0.75))
    this.#pages = new PageCache(Math.floor(deps.settings.cacheBytes * 0.25))
    this.#written = new WrittenRecords(deps.db)
    this.#edits = new RemoteEditRepository(deps.db)
    const generator = new Generator(deps.catalogue)
    this.#builder = new RecordBuilder({ repo: this.#repo, sets: this.#sets, generator, written: this.#written })
    const parts = { catalogue: deps.catalogue, repo: this.#repo, sets: this.#sets, generator, builder: this.#builder }
    this.#reader = new DataReader({
      sets: this.#sets,
      builder: this.#builder,
      walker: new PageWalker(parts, hash32(`cursor:${deps.settings.seed}`)),
      expansion: new Expansion(parts),
      records: this.#records,
      pages: this.#pages
    })
    this.#decoration = new Decoration(this.#sets, this.#written, deps.fieldMappings ?? (() => undefined))
    this.#subObjects = new SubObjects(parts)
    this.#passes = new SyncPasses(this.#repo, this.#sets, this.#stamps, deps.clock, this.#edits, this.#written)
    this.#writes = new ApiWrites({ repo: this.#repo, sets: this.#sets, stamps: this.#stamps, written: this.#written, builder: this.#builder })
    this.#remote = new RemoteWrites({ repo: this.#repo, sets: this.#sets, edits: this.#edits, passes: this.#passes, generator })
  }

  /**
   * A page of a model's records as the JSON bytes the HTTP route sends, with its cursors (for the journal).
   * `disabled`: the fields the account's scopes disable, which read as null.
   */
  listJson (accountId: string, model: ModelDef, raw: RawQuery, disabled: ReadonlySet<string> = NO_FIELDS): JsonPage {
    return this.#reader.listJson(accountId, model, parseListQuery(model, raw), this.#finish(accountId, model, raw, disabled))
  }

  /**
   * A page of a nested list (a conversation's members, a message's replies): the model's list narrowed to the
   * records the parent ties to it. The parent must be a live record of the account (DATA_RECORD_NOT_FOUND).
   */
  nestedListJson (accountId: string, list: NestedListDef, parentId: string, raw: RawQuery, disabled: ReadonlySet<string> = NO_FIELDS): JsonPage {
    const parent = this.retrieve(accountId, list.parent, parentId, {})
    const q = parseListQuery(list.model, raw)
    const scope: ContentFilter = list.scope.by === 'parent-list'
      ? { filter: { kind: 'in', param: list.param, field: 'id' }, values: (parent[list.scope.field] as string[] | undefined) ?? [], flag: null, micros: null }
      : { filter: { kind: 'ref', param: list.param, field: list.scope.field }, values: [parentId], flag: null, micros: null }
    const scoped = { ...q, filters: [...q.filters, scope], fingerprint: `${q.fingerprint}.${hash32(`${list.tail}|${parentId}`).toString(36)}` }
    return this.#reader.listJson(accountId, list.model, scoped, this.#finish(accountId, list.model, raw, disabled))
  }

  /** A page of a model's records as objects, for code that reads them. */
  list (accountId: string, model: ModelDef, raw: RawQuery): RecordPage {
    return this.#reader.list(accountId, model, parseListQuery(model, raw), this.#decoration.of(accountId, model, raw))
  }

  retrieveJson (accountId: string, model: ModelDef, id: string, raw: RawQuery, disabled: ReadonlySet<string> = NO_FIELDS): string {
    return this.#reader.retrieveJson(accountId, model, id, parseRecordQuery(model, raw), this.#finish(accountId, model, raw, disabled))
  }

  /** A record as retrieve answers it, as an object; DATA_RECORD_NOT_FOUND when the account has none by that id. */
  retrieve (accountId: string, model: ModelDef, id: string, raw: RawQuery): Record<string, unknown> {
    return this.#reader.retrieve(accountId, model, id, parseRecordQuery(model, raw), this.#decoration.of(accountId, model, raw))
  }

  #finish (accountId: string, model: ModelDef, raw: RawQuery, disabled: ReadonlySet<string>): Finish | undefined {
    return inTurn(this.#decoration.of(accountId, model, raw), blanking(disabled))
  }

  /** The custom-field values of a record: the third party's own, over them what writes gave it. */
  customValues (accountId: string, model: ModelDef, record: Readonly<Record<string, unknown>>): Record<string, unknown> {
    return this.#decoration.customValues(accountId, model, record)
  }

  /** A sub-object by the id a record lists it under (GET accounting/v1/addresses/{id}), or DATA_RECORD_NOT_FOUND. */
  subObjectJson (accountId: string, category: string, name: string, id: string): string {
    return JSON.stringify(this.#subObjects.find(accountId, category, name, id))
  }

  /**
   * The record behind an id as reads show it (plain form; `sensitive` adds the withheld fields), with whether
   * it is live, or undefined when the account has no such record of the model.
   */
  record (accountId: string, model: ModelDef, id: string, sensitive = false): { record: Record<string, unknown>, live: boolean } | undefined {
    const found = this.#builder.record(accountId, model, id, sensitive ? WITH_SENSITIVE : undefined)
    return found === undefined ? undefined : { record: found.record, live: found.row.deleted === 0 }
  }

  /** A record written through the API: see ApiWrites. */
  create (accountId: string, model: ModelDef, fields: WrittenFields, now: number): Record<string, unknown> {
    return this.#writes.create(accountId, model, fields, now)
  }

  update (accountId: string, model: ModelDef, id: string, fields: WrittenFields, now: number): Record<string, unknown> | undefined {
    return this.#writes.update(accountId, model, id, fields, now)
  }

  ignore (accountId: string, model: ModelDef, id: string, now: number): boolean {
    return this.#writes.ignore(accountId, model, id, now)
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

  /** Changes of the simulated third-party system, visible at the next sync pass: see RemoteWrites. */
  editRemote (accountId: string, modelId: string, counts: RemoteEditCounts, now: number): void {
    this.#remote.edit(accountId, this.#sets.model(modelId), counts, now)
  }

  createRemote (accountId: string, modelId: string, now: number, vendorBody: Readonly<Record<string, unknown>> = {}): string {
    return this.#remote.create(accountId, this.#sets.model(modelId), now, vendorBody)
  }

  /** Records created through the raw vendor API that no sync pass has shown yet (see RemoteWrites). */
  createdRemote (accountId: string, model: ModelDef): Array<{ remoteId: string, body: Record<string, unknown> }> {
    return this.#remote.createdPending(accountId, model)
  }

  editRemoteRecord (accountId: string, modelId: string, remoteId: string, change: 'changed' | 'deleted', now: number, vendorBody: Readonly<Record<string, unknown>> = {}): void {
    this.#remote.editRecord(accountId, this.#sets.model(modelId), remoteId, change, now, vendorBody)
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
    this.#records.clear()
    this.#pages.clear()
    this.#sets.forget()
    this.#edits.forget()
    this.#written.forget()
  }
}
