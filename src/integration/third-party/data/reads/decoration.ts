import type { ModelDef } from '../../../base/catalogue/catalogue.js'
import type { DataSets } from '../records/data-sets.js'
import type { WrittenRecords } from '../records/written.js'
import { customValues, remoteFields, WRITTEN_CUSTOM } from '../vendor/custom-fields.js'
import { vendorKey, vendorPayload } from '../vendor/payload.js'
import type { Finish } from './finish.js'
import type { RawQuery } from './query.js'
import { queryBoolean } from '../../../../core/query-boolean.js'

/**
 * field_mappings of a record, from the record as the vendor's API holds it. `key`, when given, names everything
 * the answer depends on besides the payload (the mappings in effect): pages it fills are then cached under it.
 */
export type Mapper = ((payload: Readonly<Record<string, unknown>>) => Record<string, unknown>) & { readonly key?: string }

/** include_remote_fields=true on a model whose records carry remote_fields. */
function wantsRemoteFields (model: ModelDef, raw: RawQuery): boolean {
  return queryBoolean(raw.include_remote_fields) === true && model.fields.some((f) => f.name === 'remote_fields')
}

const wantsRemoteData = (raw: RawQuery): boolean => queryBoolean(raw.include_remote_data) === true

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/**
 * What the third party adds to a record on request (remote_fields), by mapping (field_mappings), and the
 * custom-field values a write gave it (in remote_fields, field mappings and remote_data alike).
 */
export class Decoration {
  readonly #sets: DataSets
  readonly #written: WrittenRecords
  readonly #mapper: (accountId: string, model: ModelDef) => Mapper | undefined

  constructor (sets: DataSets, written: WrittenRecords, mapper: (accountId: string, model: ModelDef) => Mapper | undefined) {
    this.#sets = sets
    this.#written = written
    this.#mapper = mapper
  }

  /**
   * What records of this read need added, or undefined when they go out as built (most reads, which keep the
   * cached bytes). Field mappings change without a sync: pages they fill are cached under the mapper's key,
   * or not at all when it has none.
   */
  of (accountId: string, model: ModelDef, raw: RawQuery): Finish | undefined {
    const mapper = this.#mapper(accountId, model)
    const withRemoteFields = wantsRemoteFields(model, raw)
    if (!withRemoteFields && mapper === undefined && !(wantsRemoteData(raw) && this.#hasWrites(accountId, model))) return undefined
    return {
      apply: (record) => { this.#decorate(accountId, model, withRemoteFields, mapper, record) },
      cacheKey: mapper === undefined ? 'decorated' : mapper.key === undefined ? undefined : `mapped:${mapper.key}`
    }
  }

  /** The custom-field values of a record: the third party's own, over them what writes gave it. */
  customValues (accountId: string, model: ModelDef, record: Readonly<Record<string, unknown>>): Record<string, unknown> {
    const remoteId = String(record.remote_id)
    const custom = this.#writtenOf(accountId, model, String(record.id))?.[WRITTEN_CUSTOM]
    return { ...customValues(`${model.category}/${model.segment}`, remoteId), ...(isRecord(custom) ? custom : {}) }
  }

  #hasWrites (accountId: string, model: ModelDef): boolean {
    const set = this.#sets.existingSet(accountId, model)
    return set !== undefined && this.#written.hasSet(set.id)
  }

  #decorate (accountId: string, model: ModelDef, withRemoteFields: boolean, mapper: Mapper | undefined, record: Record<string, unknown>): void {
    const written = this.#writtenOf(accountId, model, String(record.id))
    const custom = isRecord(written?.[WRITTEN_CUSTOM]) ? written[WRITTEN_CUSTOM] : undefined
    const resource = `${model.category}/${model.segment}`
    const remoteId = String(record.remote_id)
    if (withRemoteFields) record.remote_fields = remoteFields(resource, remoteId, custom)
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
  }

  /** What writes (the API's, or the raw API's once synced) gave a record; undefined when nothing. */
  #writtenOf (accountId: string, model: ModelDef, id: string): Readonly<Record<string, unknown>> | undefined {
    const set = this.#sets.existingSet(accountId, model)
    const idx = set === undefined ? undefined : this.#sets.existing(accountId)?.codec(model.name).decode(id)
    return set === undefined || idx === undefined ? undefined : this.#written.fields(set.id, idx)
  }
}
