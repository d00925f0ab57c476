import { type ModelDef, SENSITIVE_FIELDS } from '../../../base/catalogue/catalogue.js'
import type { AccountData } from '../fake/account-data.js'
import type { RecordMeta } from '../fake/generated-record.js'
import type { BuildOptions, Generator } from '../fake/generator.js'
import type { DataSets } from './data-sets.js'
import type { DataRepository, RecordRow } from './repository.js'
import type { WrittenFields, WrittenRecords } from './written.js'

/** The form most reads ask for: no remote_data, no sensitive fields, sub-objects as ids. */
export const PLAIN: BuildOptions = { remoteData: false, sensitive: false, expandSubs: new Set<string>() }

/** The plain form with the fields the real service withholds unless asked (what writes start from). */
export const WITH_SENSITIVE: BuildOptions = { ...PLAIN, sensitive: true }

/** What the generator needs of a stored row. */
export const toMeta = (row: RecordRow): RecordMeta => ({
  index: row.idx, version: row.version, createdUs: row.created_us, modifiedUs: row.modified_us, deleted: row.deleted === 1
})

export interface RecordBuilderDeps {
  readonly repo: DataRepository
  readonly sets: DataSets
  readonly generator: Generator
  readonly written: WrittenRecords
}

/**
 * Records as reads show them: generated from their stored row, then, for a record written through the API,
 * its written values in place of the generated ones (the service's bookkeeping fields stay generated: id,
 * remote_id, timestamps). Reads and writes both answer records built here.
 */
export class RecordBuilder {
  readonly #d: RecordBuilderDeps

  constructor (deps: RecordBuilderDeps) {
    this.#d = deps
  }

  build (model: ModelDef, data: AccountData, setId: number, row: RecordRow, options: BuildOptions): Record<string, unknown> {
    const record = this.#d.generator.build(model, data, toMeta(row), options)
    const written = this.#d.written.fields(setId, row.idx)
    if (written !== undefined) overlay(record, written, options.sensitive)
    return record
  }

  /** One field's value as reads show it, without building the rest of the record (what content filters compare). */
  fieldValue (model: ModelDef, data: AccountData, setId: number, row: RecordRow, field: string): unknown {
    const written = this.#d.written.fields(setId, row.idx)
    return written !== undefined && field in written ? written[field] : this.#d.generator.fieldValue(model, data, toMeta(row), field)
  }

  /** The stored row behind an id, with what building it takes, or undefined when the account has no such record. */
  find (accountId: string, model: ModelDef, id: string): { data: AccountData, setId: number, row: RecordRow } | undefined {
    const data = this.#d.sets.existing(accountId)
    const set = this.#d.sets.existingSet(accountId, model)
    const idx = data?.codec(model.name).decode(id)
    const row = set === undefined || idx === undefined ? undefined : this.#d.repo.byIdx(set.id, idx)
    return data === undefined || set === undefined || row === undefined ? undefined : { data, setId: set.id, row }
  }

  /** The record behind an id, as reads show it (the plain form by default), or undefined. */
  record (accountId: string, model: ModelDef, id: string, options: BuildOptions = PLAIN): { row: RecordRow, record: Record<string, unknown> } | undefined {
    const found = this.find(accountId, model, id)
    return found === undefined ? undefined : { row: found.row, record: this.build(model, found.data, found.setId, found.row, options) }
  }
}

function overlay (record: Record<string, unknown>, written: WrittenFields, sensitive: boolean): void {
  for (const key of Object.keys(written)) {
    if (!(key in record) || (!sensitive && SENSITIVE_FIELDS.has(key))) continue
    record[key] = written[key]
  }
}
