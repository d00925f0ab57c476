import { appError } from '../../../../core/errors.js'
import type { ModelDef } from '../../../base/catalogue/catalogue.js'
import type { AccountData } from '../fake/account-data.js'
import type { DataSets } from '../records/data-sets.js'
import { PLAIN, type RecordBuilder } from '../records/record-builder.js'
import type { RecordRow } from '../records/repository.js'
import type { Expansion } from './expand.js'
import type { Finish } from './finish.js'
import type { PageCache, JsonPage } from './page-cache.js'
import type { FoundPage, PageWalker } from './page-walk.js'
import type { ListQuery, RecordQuery } from './query.js'
import type { RecordCache } from './record-cache.js'

/** A page of records as objects. */
export interface RecordPage {
  readonly next: string | null
  readonly previous: string | null
  readonly results: Array<Record<string, unknown>>
}

export interface ReaderParts {
  readonly sets: DataSets
  readonly builder: RecordBuilder
  readonly walker: PageWalker
  readonly expansion: Expansion
  readonly records: RecordCache
  readonly pages: PageCache
}

/**
 * Reading synced data: pages of a model (page-walk.ts) and single records by id, as objects or as the JSON
 * bytes a route sends. Records are built as objects, finished (decorated, scoped) and serialised once;
 * records in their plain form with nothing to finish come from the record cache as JSON, and a page asked
 * for again is sent from the page cache as the bytes stored.
 */
export class DataReader {
  readonly #p: ReaderParts

  constructor (parts: ReaderParts) {
    this.#p = parts
  }

  listJson (accountId: string, model: ModelDef, q: ListQuery, finish?: Finish): JsonPage {
    // A page is a pure function of the synced state, the query and what finishes its records; every sync
    // pass and write moves the data set's last stamp, so a page cached under the stamp it was read at is
    // exactly what a new read would give. Expanded pages also depend on other models' state, and pages whose
    // finish depends on more (field mappings) have no key: neither is cached.
    const set = this.#p.sets.existingSet(accountId, model)
    const key = set === undefined || q.expand.length > 0 || !this.#p.records.enabled || (finish !== undefined && finish.cacheKey === undefined)
      ? undefined
      // The account and model are part of the key: a data set's id is a rowid, which SQLite hands out again
      // once the account holding it is deleted, and the next account's first stamps repeat the deleted one's.
      : `${accountId}|${model.id}|${set.id}|${set.lastStamp}|${q.fingerprint}|${q.pageSize}|${q.cursor ?? ''}|${finish?.cacheKey ?? ''}`
    const cached = key === undefined ? undefined : this.#p.pages.get(key)
    if (cached !== undefined) return cached
    const found = this.#p.walker.find(accountId, model, q, set)
    const text = this.#pageText(model, found, q, finish)
    if (key === undefined) return { json: text, next: found.next, previous: found.previous }
    const page = { json: Buffer.from(text), next: found.next, previous: found.previous }
    this.#p.pages.set(key, page)
    return page
  }

  /** A page as objects, built afresh: for code that reads the records rather than sending them. */
  list (accountId: string, model: ModelDef, q: ListQuery, finish?: Finish): RecordPage {
    const found = this.#p.walker.find(accountId, model, q, this.#p.sets.existingSet(accountId, model))
    const results = found.data === undefined ? [] : this.#records(model, found.data, found.setId, found.rows, q, finish)
    return { next: found.next, previous: found.previous, results }
  }

  retrieveJson (accountId: string, model: ModelDef, id: string, q: RecordQuery, finish?: Finish): string {
    const { data, setId, row } = this.#one(accountId, model, id)
    if (finish === undefined && this.#cacheable(q)) return this.#cached(model, data, setId, [row])[0]!
    return JSON.stringify(this.#records(model, data, setId, [row], q, finish)[0])
  }

  /** A record as an object, built afresh, or DATA_RECORD_NOT_FOUND. */
  retrieve (accountId: string, model: ModelDef, id: string, q: RecordQuery, finish?: Finish): Record<string, unknown> {
    const { data, setId, row } = this.#one(accountId, model, id)
    return this.#records(model, data, setId, [row], q, finish)[0]!
  }

  #one (accountId: string, model: ModelDef, id: string): { data: AccountData, setId: number, row: RecordRow } {
    const found = this.#p.builder.find(accountId, model, id)
    if (found === undefined) throw appError('DATA_RECORD_NOT_FOUND', { model: model.name, id })
    return found
  }

  /**
   * The page's JSON. Records the cache does not keep are serialised with the page in one call: a page of 30
   * costs a fifth less than 30 calls and a join, and the text comes out flat, where splicing it into the page
   * made a rope that sending it (its length, then its bytes) copied whole again.
   */
  #pageText (model: ModelDef, found: FoundPage, q: ListQuery, finish: Finish | undefined): string {
    const { next, previous, data } = found
    if (data === undefined) return JSON.stringify({ next, previous, results: [] })
    if (finish === undefined && this.#cacheable(q)) {
      const results = this.#cached(model, data, found.setId, found.rows).join(',')
      return `{"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":[${results}]}`
    }
    return JSON.stringify({ next, previous, results: this.#records(model, data, found.setId, found.rows, q, finish) })
  }

  /** Records for rows as the query asks, finished. */
  #records (model: ModelDef, data: AccountData, setId: number, rows: readonly RecordRow[], q: RecordQuery, finish: Finish | undefined): Array<Record<string, unknown>> {
    const records = this.#p.expansion.records(model, data, setId, rows, q)
    if (finish !== undefined) for (const record of records) finish.apply(record)
    return records
  }

  /** Only the plain form is cached: what pages and polling ask for again and again. */
  #cacheable (q: RecordQuery): boolean {
    return this.#p.records.enabled && !q.includeRemoteData && !q.sensitive && q.expand.length === 0
  }

  /** Each record's JSON in the plain form, from the cache when its synced state is unchanged. */
  #cached (model: ModelDef, data: AccountData, setId: number, rows: readonly RecordRow[]): string[] {
    const prefix = `${data.accountId}|${model.id}|`
    return rows.map((row) => {
      const key = prefix + String(row.idx)
      let json = this.#p.records.get(key, row)
      if (json === undefined) {
        json = JSON.stringify(this.#p.builder.build(model, data, setId, row, PLAIN))
        this.#p.records.set(key, row, json)
      }
      return json
    })
  }
}
