import type { Statement } from 'better-sqlite3'
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
  }

  get (id: bigint): Plant | undefined {
    const cached = this.#cache.get(id)
    if (cached !== undefined) return cached
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
  nextId (): bigint {
    let max = this.#maxId
    if (max === undefined || this.#db.inTransaction) {
      max = this.#readMaxId.get() as bigint | null
      if (!this.#db.inTransaction) this.#maxId = max
    }
    if (max === null || max < 1n) return 1n
    if (max < INT64_MAX) return max + 1n
    return this.#firstFreeId.get() as bigint
  }

  /** Inserts or fully replaces a plant with its tags: one statement, atomic on its own. */
  save (plant: PlantRecord): void {
    this.#cache.delete(plant.id)
    if (this.#db.inTransaction) this.#maxId = undefined
    this.#upsert.run(plant.id, plant.name, plant.category, plant.status, JSON.stringify(plant.tags))
    if (this.#maxId !== undefined && (this.#maxId === null || plant.id > this.#maxId)) this.#maxId = plant.id
  }

  /** Plants whose status is one of `statuses`, ascending id. */
  findByStatus (statuses: readonly string[]): Plant[] {
    return (this.#byStatus.all(JSON.stringify(statuses)) as PlantRow[]).map(toPlant)
  }

  /** Plants carrying any of `tags` (exact match), each once, ascending id. */
  findByTags (tags: readonly string[]): Plant[] {
    return (this.#byTags.all(JSON.stringify(tags)) as PlantRow[]).map(toPlant)
  }

  count (): number {
    return this.#count.get() as number
  }

  deleteAll (): void {
    this.#cache.clear()
    this.#maxId = undefined
    this.#db.exec('DELETE FROM plants')
  }
}

/** Frozen: a plant read may be handed to later readers from the cache. */
function toPlant (row: PlantRow): Plant {
  return Object.freeze({ id: row.id, name: row.name, status: row.status, tags: Object.freeze(JSON.parse(row.tags) as string[]) as string[] })
}
