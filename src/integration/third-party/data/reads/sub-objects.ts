import { appError } from '../../../../core/errors.js'
import type { ModelDef } from '../../../base/catalogue/catalogue.js'
import { subObjectRoot } from '../fake/generated-record.js'
import { PLAIN } from '../records/record-builder.js'
import type { ReadParts } from './read-parts.js'

/**
 * Sub-objects by the id a record lists them under (GET accounting/v1/addresses/{id}). The id encodes the
 * record and a slot, so nothing is stored per sub-object: the record lists the id (ids are per record and
 * field) and its expanded list holds the item at the same place.
 */
export class SubObjects {
  readonly #p: ReadParts

  constructor (parts: ReadParts) {
    this.#p = parts
  }

  /**
   * The sub-object `name` behind an id, looked for in every model of the category with a list of that
   * sub-object, as `expand` inlines it; or DATA_RECORD_NOT_FOUND.
   */
  find (accountId: string, category: string, name: string, id: string): Record<string, unknown> {
    for (const parent of this.#p.catalogue.inCategory(category)) {
      for (const f of parent.fields) {
        if (f.shape.t !== 'ref' || f.shape.to !== 'sub' || f.shape.target !== name) continue
        const item = this.#under(accountId, parent, f.name, id)
        if (item !== undefined) return item
      }
    }
    throw appError('DATA_RECORD_NOT_FOUND', { model: name, id })
  }

  /** The sub-object a record of `parent` lists under `field` by this id, or undefined. */
  #under (accountId: string, parent: ModelDef, field: string, id: string): Record<string, unknown> | undefined {
    const data = this.#p.sets.existing(accountId)
    const set = this.#p.sets.existingSet(accountId, parent)
    const slot = data?.codec(`${parent.name}.${field}`).decode(id)
    const row = set === undefined || slot === undefined ? undefined : this.#p.repo.byIdx(set.id, subObjectRoot(slot))
    if (data === undefined || set === undefined || row === undefined) return undefined
    const ids = this.#p.builder.build(parent, data, set.id, row, PLAIN)[field]
    const at = Array.isArray(ids) ? ids.indexOf(id) : -1
    if (at < 0) return undefined
    const items = this.#p.builder.build(parent, data, set.id, row, { ...PLAIN, expandSubs: new Set([field]) })[field]
    const item = Array.isArray(items) ? items[at] : undefined
    return typeof item === 'object' && item !== null ? item as Record<string, unknown> : undefined
  }
}
