import type { FieldDef, ModelDef } from '../../../base/catalogue/catalogue.js'
import type { AccountData } from '../fake/account-data.js'
import { PLAIN } from '../records/record-builder.js'
import type { RecordRow } from '../records/repository.js'
import type { RecordQuery } from './query.js'
import type { ReadParts } from './read-parts.js'

/**
 * Records of a page (or one) as the query asks for them: remote_data and sensitive fields when asked, and the
 * relations named in `expand` inlined: sub-objects generated in place, related records read from their own
 * data set (ids of records the account has not synced yet stay ids).
 */
export class Expansion {
  readonly #p: ReadParts

  constructor (parts: ReadParts) {
    this.#p = parts
  }

  records (model: ModelDef, data: AccountData, setId: number, rows: readonly RecordRow[], q: RecordQuery): Array<Record<string, unknown>> {
    const expandSubs = new Set<string>()
    const expandModels: FieldDef[] = []
    for (const name of q.expand) {
      const field = model.fields.find((f) => f.name === name)
      if (field?.shape.t !== 'ref') continue
      if (field.shape.to === 'sub') expandSubs.add(name)
      else expandModels.push(field)
    }
    const options = { remoteData: q.includeRemoteData, sensitive: q.sensitive, expandSubs }
    const records = rows.map((row) => this.#p.builder.build(model, data, setId, row, options))
    for (const field of expandModels) this.#inline(model, data, field, records)
    return records
  }

  /** Replaces ids by the related records the account has synced; ids of records not synced yet stay ids. */
  #inline (model: ModelDef, data: AccountData, field: FieldDef, records: Array<Record<string, unknown>>): void {
    if (field.shape.t !== 'ref') return
    const target = this.#p.catalogue.byId(`${model.category}.${field.shape.target}`)
    const set = target === undefined ? undefined : this.#p.sets.existingSet(data.accountId, target)
    if (target === undefined || set === undefined) return
    const codec = data.codec(target.name)
    const wanted = new Set<number>()
    for (const r of records) {
      for (const id of idsOf(r[field.name])) {
        const idx = codec.decode(id)
        if (idx !== undefined) wanted.add(idx)
      }
    }
    const rows = this.#p.repo.byIdxList(set.id, [...wanted])
    const built = new Map<string, Record<string, unknown>>()
    for (const row of rows.values()) {
      const record = this.#p.builder.build(target, data, set.id, row, PLAIN)
      built.set(String(record.id ?? codec.encode(row.idx)), record)
    }
    const swap = (id: unknown): unknown => (typeof id === 'string' ? built.get(id) ?? id : id)
    for (const r of records) {
      const value = r[field.name]
      r[field.name] = Array.isArray(value) ? value.map(swap) : swap(value)
    }
  }
}

function idsOf (value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string')
  return []
}
