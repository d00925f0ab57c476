import { openCursor, sealCursor } from '../../core/cursor.js'
import { appError } from '../../core/errors.js'
import { hash32 } from '../../core/hash.js'
import type { Catalogue, FieldDef, ModelDef } from './catalogue.js'
import type { DataSets } from './data-sets.js'
import type { AccountData, Generator, RecordMeta } from './generator.js'
import type { ContentFilter, ListQuery, RecordQuery } from './query.js'
import type { RecordCache } from './record-cache.js'
import type { DataRepository, RecordRow } from './repository.js'
import { parseTimestamp } from './timestamps.js'

/**
 * Reading synced data: pages of a model in the order records were first synced (a keyset on that internal
 * sequence, so inserts and changes between pages never shift a walk), and single records by id. Rows come
 * from the store; fields are regenerated; content filters run on the generated values.
 */

export interface Page {
  readonly next: string | null
  readonly previous: string | null
  readonly results: Array<Record<string, unknown>>
}

interface FoundPage {
  readonly next: string | null
  readonly previous: string | null
  readonly rows: readonly RecordRow[]
  readonly data: AccountData | undefined
}

const PLAIN = { remoteData: false, sensitive: false, expandSubs: new Set<string>() }

/** Rows a content-filtered request may examine before it answers with what it found and a cursor to go on. */
export const SCAN_BUDGET = 20_000
const BATCH = 256
const CURSOR_VERSION = 'd1'

type Direction = 'n' | 'p'

const toMeta = (row: RecordRow): RecordMeta => ({
  index: row.idx, version: row.version, createdUs: row.created_us, modifiedUs: row.modified_us, deleted: row.deleted === 1
})

export class DataReader {
  readonly #repo: DataRepository
  readonly #sets: DataSets
  readonly #generator: Generator
  readonly #catalogue: Catalogue
  readonly #cursorKey: number
  readonly #cache: RecordCache
  /** Serialised pages by (data set, its last stamp, query, cursor), most recently used last. */
  readonly #pages = new Map<string, Buffer>()
  readonly #pageBudget: number
  #pageBytes = 0

  constructor (repo: DataRepository, sets: DataSets, generator: Generator, catalogue: Catalogue, cursorKey: number, cache: RecordCache, pageBudget: number) {
    this.#repo = repo
    this.#sets = sets
    this.#generator = generator
    this.#catalogue = catalogue
    this.#cursorKey = cursorKey
    this.#cache = cache
    this.#pageBudget = pageBudget
  }

  list (accountId: string, model: ModelDef, q: ListQuery): Page {
    const found = this.#page(accountId, model, q)
    return { next: found.next, previous: found.previous, results: found.data === undefined ? [] : this.#records(model, found.data, found.rows, q) }
  }

  /**
   * The same page, serialised as UTF-8 bytes ready to send: records in their plain form come from the record
   * cache when unchanged, and a page asked for again (polling, a retried walk) is sent from the page cache
   * without touching the store, the generator or the encoder.
   */
  listJson (accountId: string, model: ModelDef, q: ListQuery): Buffer {
    // A page is a pure function of the synced state and the query; every sync pass moves the data set's
    // last stamp, so a page cached under the stamp it was read at is exactly what a new read would give.
    // Expanded pages also depend on other models' state, and are not cached.
    const set = this.#sets.existingSet(accountId, model)
    const key = set === undefined || q.expand.length > 0 || !this.#cache.enabled
      ? undefined
      : `${set.id}|${set.lastStamp}|${q.fingerprint}|${q.pageSize}|${q.cursor ?? ''}`
    const cached = key === undefined ? undefined : this.#pages.get(key)
    if (cached !== undefined) {
      this.#pages.delete(key!)
      this.#pages.set(key!, cached)
      return cached
    }
    const found = this.#page(accountId, model, q)
    const results = found.data === undefined ? '' : this.#json(model, found.data, found.rows, q).join(',')
    const json = Buffer.from(`{"next":${JSON.stringify(found.next)},"previous":${JSON.stringify(found.previous)},"results":[${results}]}`)
    if (key !== undefined && json.length <= this.#pageBudget) {
      this.#pages.set(key, json)
      this.#pageBytes += json.length
      for (const [k, page] of this.#pages) {
        if (this.#pageBytes <= this.#pageBudget) break
        this.#pages.delete(k)
        this.#pageBytes -= page.length
      }
    }
    return json
  }

  clearPages (): void {
    this.#pages.clear()
    this.#pageBytes = 0
  }

  #page (accountId: string, model: ModelDef, q: ListQuery): FoundPage {
    const scope = hash32(`${accountId}|${model.id}`).toString(36)
    const position = this.#position(q, scope)
    const set = this.#sets.existingSet(accountId, model)
    const data = this.#sets.existing(accountId)
    if (set === undefined || data === undefined) return { next: null, previous: null, rows: [], data: undefined }

    const direction: Direction = position?.direction ?? 'n'
    const from = position?.seq ?? null
    let remoteIdx: number | null = null
    if (q.remoteId !== null) {
      const idx = this.#generator.indexOfRemoteId(model, data, q.remoteId)
      if (idx === undefined) return { next: null, previous: position === null ? null : this.#seal('p', (from ?? 0) + 1, scope, q), rows: [], data }
      remoteIdx = idx
    }

    const matches = q.filters.length === 0 ? undefined : this.#matcher(model, data, q.filters)
    const found: RecordRow[] = []
    let last = from
    let scanned = 0
    let exhausted = false
    while (found.length <= q.pageSize) {
      const want = matches === undefined ? q.pageSize + 1 - found.length : BATCH
      const rows = this.#repo.rows({
        setId: set.id,
        from: last,
        direction: direction === 'n' ? 'asc' : 'desc',
        includeDeleted: q.includeDeleted,
        modifiedAfter: q.modifiedAfter,
        modifiedBefore: q.modifiedBefore,
        createdAfter: q.createdAfter,
        createdBefore: q.createdBefore,
        idx: remoteIdx,
        limit: want
      })
      for (const row of rows) {
        last = row.seq
        scanned++
        if (matches === undefined || matches(row)) {
          found.push(row)
          if (found.length > q.pageSize) break
        }
      }
      if (rows.length < want && found.length <= q.pageSize) { exhausted = true; break }
      if (scanned >= SCAN_BUDGET) break
    }

    const more = found.length > q.pageSize || !exhausted
    const page = found.slice(0, q.pageSize)
    // Where the next request resumes: after the last record shown, or after the last row examined when the
    // scan budget ran out before the page filled.
    const resume = found.length > q.pageSize ? page[page.length - 1]!.seq : last
    let next: string | null
    let previous: string | null
    if (direction === 'n') {
      next = more && resume !== null ? this.#seal('n', resume, scope, q) : null
      previous = position === null ? null : this.#seal('p', page[0]?.seq ?? (from ?? 0) + 1, scope, q)
    } else {
      page.reverse()
      previous = more && resume !== null ? this.#seal('p', found.length > q.pageSize ? page[0]!.seq : resume, scope, q) : null
      next = this.#seal('n', page[page.length - 1]?.seq ?? (from ?? 1) - 1, scope, q)
    }
    return { next, previous, rows: page, data }
  }

  retrieve (accountId: string, model: ModelDef, id: string, q: RecordQuery): Record<string, unknown> {
    const { data, row } = this.#one(accountId, model, id)
    return this.#records(model, data, [row], q)[0]!
  }

  retrieveJson (accountId: string, model: ModelDef, id: string, q: RecordQuery): string {
    const { data, row } = this.#one(accountId, model, id)
    return this.#json(model, data, [row], q)[0]!
  }

  #one (accountId: string, model: ModelDef, id: string): { data: AccountData, row: RecordRow } {
    const data = this.#sets.existing(accountId)
    const set = this.#sets.existingSet(accountId, model)
    const idx = data?.codec(model.name).decode(id)
    const row = set === undefined || idx === undefined ? undefined : this.#repo.byIdx(set.id, idx)
    if (data === undefined || row === undefined) throw appError('DATA_RECORD_NOT_FOUND', { model: model.name, id })
    return { data, row }
  }

  /** Each record's JSON: from the cache in the plain form, freshly generated otherwise. */
  #json (model: ModelDef, data: AccountData, rows: readonly RecordRow[], q: RecordQuery | ListQuery): string[] {
    if (!this.#cache.enabled || q.includeRemoteData || q.sensitive || q.expand.length > 0) {
      return this.#records(model, data, rows, q).map((r) => JSON.stringify(r))
    }
    const prefix = `${data.accountId}|${model.id}|`
    return rows.map((row) => {
      const key = prefix + String(row.idx)
      let json = this.#cache.get(key, row)
      if (json === undefined) {
        json = JSON.stringify(this.#generator.build(model, data, toMeta(row), PLAIN))
        this.#cache.set(key, row, json)
      }
      return json
    })
  }

  #position (q: ListQuery, scope: string): { direction: Direction, seq: number } | null {
    if (q.cursor === null) return null
    const fields = openCursor(q.cursor, this.#cursorKey)
    if (fields === undefined || fields.length !== 5 || fields[0] !== CURSOR_VERSION) throw appError('DATA_BAD_CURSOR')
    const [, direction, seqText, cursorScope, fingerprint] = fields as [string, string, string, string, string]
    const seq = Number.parseInt(seqText, 36)
    if ((direction !== 'n' && direction !== 'p') || !Number.isSafeInteger(seq) || seq < 0) throw appError('DATA_BAD_CURSOR')
    if (cursorScope !== scope) throw appError('DATA_CURSOR_FOREIGN')
    if (fingerprint !== q.fingerprint) throw appError('DATA_CURSOR_PARAMS_CHANGED')
    return { direction, seq }
  }

  #seal (direction: Direction, seq: number, scope: string, q: ListQuery): string {
    return sealCursor([CURSOR_VERSION, direction, Math.max(0, seq).toString(36), scope, q.fingerprint], this.#cursorKey)
  }

  #matcher (model: ModelDef, data: AccountData, filters: readonly ContentFilter[]): (row: RecordRow) => boolean {
    const fields = new Map(model.fields.map((f) => [f.name, f]))
    const tests = filters.map((f) => test(f, fields.get(f.filter.field)!))
    return (row) => {
      const meta = toMeta(row)
      for (let i = 0; i < tests.length; i++) {
        if (!tests[i]!(this.#generator.fieldValue(model, data, meta, filters[i]!.filter.field))) return false
      }
      return true
    }
  }

  /** Generated records for rows, with the relations named in `expand` inlined. */
  #records (model: ModelDef, data: AccountData, rows: readonly RecordRow[], q: RecordQuery | ListQuery): Array<Record<string, unknown>> {
    const expandSubs = new Set<string>()
    const expandModels: FieldDef[] = []
    for (const name of q.expand) {
      const field = model.fields.find((f) => f.name === name)
      if (field?.shape.t !== 'ref') continue
      if (field.shape.to === 'sub') expandSubs.add(name)
      else expandModels.push(field)
    }
    const options = { remoteData: q.includeRemoteData, sensitive: q.sensitive, expandSubs }
    const records = rows.map((row) => this.#generator.build(model, data, toMeta(row), options))
    for (const field of expandModels) this.#expand(model, data, field, records)
    return records
  }

  /** Replaces ids by the related records the account has synced; ids of records not synced yet stay ids. */
  #expand (model: ModelDef, data: AccountData, field: FieldDef, records: Array<Record<string, unknown>>): void {
    if (field.shape.t !== 'ref') return
    const target = this.#catalogue.byId(`${model.category}.${field.shape.target}`)
    const set = target === undefined ? undefined : this.#sets.existingSet(data.accountId, target)
    if (target === undefined || set === undefined) return
    const codec = data.codec(target.name)
    const wanted = new Set<number>()
    for (const r of records) {
      for (const id of idsOf(r[field.name])) {
        const idx = codec.decode(id)
        if (idx !== undefined) wanted.add(idx)
      }
    }
    const rows = this.#repo.byIdxList(set.id, [...wanted])
    const options = { remoteData: false, sensitive: false, expandSubs: new Set<string>() }
    const built = new Map<string, Record<string, unknown>>()
    for (const row of rows.values()) {
      const record = this.#generator.build(target, data, toMeta(row), options)
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

/** A predicate over one generated field value. */
function test (f: ContentFilter, field: FieldDef): (value: unknown) => boolean {
  const filter = f.filter
  switch (filter.kind) {
    case 'equals':
      return f.flag !== null ? (v) => v === f.flag : (v) => v === f.values[0]
    case 'ref':
      return (v) => v === f.values[0]
    case 'in':
      return (v) => typeof v === 'string' && f.values.includes(v)
    case 'contains':
      return (v) => Array.isArray(v) && v.some((item) => containsValue(item, f.values, field))
    case 'range': {
      const bound = f.micros!
      return (v) => {
        if (typeof v !== 'string') return false
        const parsed = parseTimestamp(v)
        return parsed.ok && (filter.bound === 'after' ? parsed.micros > bound : parsed.micros < bound)
      }
    }
  }
}

/** An id or string in a list, or an embedded item (an email address object) holding one of the values. */
function containsValue (item: unknown, values: readonly string[], _field: FieldDef): boolean {
  if (typeof item === 'string') return values.includes(item)
  if (item !== null && typeof item === 'object') {
    return Object.values(item as Record<string, unknown>).some((v) => typeof v === 'string' && values.includes(v))
  }
  return false
}
