import type { Statement } from 'better-sqlite3'
import { yieldToEventLoop } from '../core/clock.js'
import type { Db } from '../store/database.js'
import { INT64_MAX } from './int64.js'
import type { PlantStatus } from './plant-input.js'

/** A plant as the store answers it: the four keys every response carries. */
export interface Plant {
  readonly id: bigint
  readonly name: string | null
  readonly status: string
  readonly tags: string[]
}

export interface PlantRecord {
  readonly id: bigint
  readonly name: string | null
  readonly category: string | null
  readonly status: PlantStatus
  readonly tags: string[]
}

/** A plant to save; an add without an id takes the next one as it is queued. */
export interface PlantToSave extends Omit<PlantRecord, 'id'> {
  readonly id: bigint | undefined
}

interface Queued {
  readonly plant: PlantRecord
  readonly resolve: (id: bigint) => void
  readonly reject: (error: unknown) => void
}

interface PlantRow {
  id: bigint
  name: string | null
  status: string
  tags: string
}

const COLUMNS = 'id, name, status, tags'

/** Plants kept read (the oldest read goes first): GET /v3/plant/{id} is most of the store's traffic. */
const CACHED_PLANTS = 10_000

/**
 * SQL for plants. Every statement reads integers as BigInt (`safeIntegers`), so ids up to 2^63-1 come back
 * exactly. `plants.tags` keeps the client's list as written, and the tag search reads it with json_each: at a
 * mock's scale a scan is fast, and it keeps a save to one statement (a separate tag index made every add a
 * five-statement transaction, half the cost of POST /v3/plant).
 */
export class PlantRepository {
  readonly #db: Db
  readonly #get: Statement<[bigint]>
  readonly #readMaxId: Statement<[]>
  readonly #firstFreeId: Statement<[]>
  readonly #upsert: Statement<[bigint, string | null, string | null, PlantStatus, string]>
  readonly #byStatus: Statement<[string]>
  readonly #byTags: Statement<[string]>
  readonly #count: Statement<[]>
  /**
   * Plants as last read, by id. Every write to plants goes through this class and forgets what it changes;
   * a read inside a transaction is not kept (the transaction may still roll back).
   */
  readonly #cache = new Map<bigint, Plant>()
  /**
   * The highest id held, known once read and kept by every save outside a transaction; undefined when unknown
   * (before the first add, after a delete or a write inside a transaction, which may still roll back). Reading
   * max(id) again on every add was a sixth of the store's SQLite time in a POST /v3/plant.
   */
  #maxId: bigint | null | undefined
  /** Saves queued by saveSoon, written together once the event loop has served the requests it had read. */
  #queued: Queued[] = []
  /** A save was written at once in this turn of the event loop: the next ones are queued until it ends. */
  #turnStarted = false
  readonly #writeAll: (queued: readonly Queued[]) => void

  constructor (db: Db) {
    this.#db = db
    this.#get = db.prepare<[bigint]>(`SELECT ${COLUMNS} FROM plants WHERE id = ?`).safeIntegers()
    this.#readMaxId = db.prepare<[]>('SELECT max(id) FROM plants').pluck().safeIntegers()
    // Only reached once an id of 2^63-1 is taken: the lowest positive id nobody holds.
    this.#firstFreeId = db.prepare<[]>(`
      SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM plants WHERE id = 1)
      UNION ALL
      SELECT p.id + 1 FROM plants p
       WHERE p.id > 0 AND p.id < ${INT64_MAX} AND NOT EXISTS (SELECT 1 FROM plants q WHERE q.id = p.id + 1)
      ORDER BY 1 LIMIT 1`).pluck().safeIntegers()
    // Positional parameters: binding by name looks each one up in the object (0.5-1.5 µs more an insert).
    this.#upsert = db.prepare<[bigint, string | null, string | null, PlantStatus, string]>(`
      INSERT INTO plants (id, name, category, status, tags) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, category = excluded.category,
        status = excluded.status, tags = excluded.tags`)
    this.#byStatus = db.prepare<[string]>(
      `SELECT ${COLUMNS} FROM plants WHERE status IN (SELECT value FROM json_each(?)) ORDER BY id`).safeIntegers()
    this.#byTags = db.prepare<[string]>(`
      SELECT ${COLUMNS} FROM plants
       WHERE EXISTS (SELECT 1 FROM json_each(plants.tags) AS t WHERE t.value IN (SELECT value FROM json_each(?)))
       ORDER BY id`).safeIntegers()
    this.#count = db.prepare<[]>('SELECT count(*) FROM plants').pluck()
    this.#writeAll = db.transaction((queued: readonly Queued[]) => { for (const q of queued) this.#write(q.plant) })
  }

  get (id: bigint): Plant | undefined {
    const cached = this.#cache.get(id)
    if (cached !== undefined) return cached
    this.flush()
    const row = this.#get.get(id) as PlantRow | undefined
    if (row === undefined) return undefined
    const plant = toPlant(row)
    if (!this.#db.inTransaction) {
      if (this.#cache.size >= CACHED_PLANTS) this.#cache.delete(this.#cache.keys().next().value!)
      this.#cache.set(id, plant)
    }
    return plant
  }

  /** The id an add without one receives: one above the highest, or the lowest free one once that is taken. */
  #nextId (inTransaction: boolean): bigint {
    let max = this.#maxId
    if (max === undefined || inTransaction) {
      this.flush()
      max = this.#readMaxId.get() as bigint | null
      if (!inTransaction) this.#maxId = max
    }
    if (max === null || max < 1n) return 1n
    if (max < INT64_MAX) return max + 1n
    return this.#firstFreeId.get() as bigint
  }

  /** Inserts or fully replaces a plant with its tags: one statement, atomic on its own. */
  save (plant: PlantRecord): void {
    this.flush()
    this.#cache.delete(plant.id)
    if (this.#db.inTransaction) this.#maxId = undefined
    this.#write(plant)
    this.#noteId(plant.id)
  }

  /**
   * Saves a plant with the others that arrive in the same turn of the event loop: the first at once, those
   * after it in one transaction once the loop has served the requests it had already read, rather than one
   * transaction per plant. Under load a POST's upsert ran three to four times slower than the same upsert in
   * a loop, its code and pages evicted from the CPU caches by the rest of the request; a batch pays that
   * once. Resolves with the plant's id once it is written, so a client hears of its plant only once it is
   * stored; every read writes the queue first. Inside a transaction the plant is written at once (the
   * transaction may still roll back).
   */
  saveSoon (plant: PlantToSave): Promise<bigint> {
    const inTransaction = this.#db.inTransaction
    const id = plant.id ?? this.#nextId(inTransaction)
    const record: PlantRecord = { id, name: plant.name, category: plant.category, status: plant.status, tags: plant.tags }
    if (inTransaction) {
      this.save(record)
      return Promise.resolve(id)
    }
    this.#cache.delete(id)
    if (!this.#turnStarted) {
      // The first save of a turn is written at once: a client alone waits for nothing. Those that follow
      // in the same turn (a server under load reads many requests per turn) are queued behind it.
      this.#turnStarted = true
      void yieldToEventLoop().then(() => { this.#turnStarted = false; this.flush() })
      this.#write(record)
      this.#noteId(id)
      return Promise.resolve(id)
    }
    this.#noteId(id)
    return new Promise((resolve, reject) => { this.#queued.push({ plant: record, resolve, reject }) })
  }

  /** Writes the queued saves now: one transaction, or each alone when that fails, so only a failing one fails. */
  flush (): void {
    const queued = this.#queued
    if (queued.length === 0) return
    this.#queued = []
    try {
      if (queued.length === 1) this.#write(queued[0]!.plant)
      else this.#writeAll(queued)
    } catch (error) {
      this.#maxId = undefined
      if (queued.length === 1) { queued[0]!.reject(error); return }
      for (const q of queued) {
        try {
          this.#write(q.plant)
        } catch (alone) {
          q.reject(alone)
          continue
        }
        q.resolve(q.plant.id)
      }
      return
    }
    for (const q of queued) q.resolve(q.plant.id)
  }

  #write (plant: PlantRecord): void {
    this.#upsert.run(plant.id, plant.name, plant.category, plant.status, JSON.stringify(plant.tags))
  }

  /** Keeps the highest id known once a plant holds `id`. */
  #noteId (id: bigint): void {
    if (this.#maxId !== undefined && (this.#maxId === null || id > this.#maxId)) this.#maxId = id
  }

  /** Plants whose status is one of `statuses`, ascending id. */
  findByStatus (statuses: readonly string[]): Plant[] {
    this.flush()
    return (this.#byStatus.all(JSON.stringify(statuses)) as PlantRow[]).map(toPlant)
  }

  /** Plants carrying any of `tags` (exact match), each once, ascending id. */
  findByTags (tags: readonly string[]): Plant[] {
    this.flush()
    return (this.#byTags.all(JSON.stringify(tags)) as PlantRow[]).map(toPlant)
  }

  count (): number {
    this.flush()
    return this.#count.get() as number
  }

  deleteAll (): void {
    this.flush()
    this.#cache.clear()
    this.#maxId = undefined
    this.#db.exec('DELETE FROM plants')
  }
}

/** Frozen: a plant read may be handed to later readers from the cache. */
function toPlant (row: PlantRow): Plant {
  return Object.freeze({ id: row.id, name: row.name, status: row.status, tags: Object.freeze(JSON.parse(row.tags) as string[]) as string[] })
}
