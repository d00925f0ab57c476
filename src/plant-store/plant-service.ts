import { appError } from '../core/errors.js'
import { int64FromText } from './int64.js'
import { type PlantStatus, isPlantStatus, readPlantBody } from './plant-input.js'
import type { Plant, PlantRepository } from './plant-repository.js'

/** Plant rules: ids, defaults, full replace on update, and the two searches. Knows nothing of HTTP. */
export class PlantService {
  readonly #repo: PlantRepository

  constructor (repo: PlantRepository) {
    this.#repo = repo
  }

  /** Adds a plant, or replaces the one holding the client's id (upsert, as client test suites expect). */
  async add (body: unknown): Promise<Plant> {
    const input = readPlantBody(body, 'add')
    const id = await this.#repo.saveSoon(input)
    return { id, name: input.name, status: input.status, tags: input.tags }
  }

  /** Fully replaces an existing plant; fields left out take the add defaults. */
  async update (body: unknown): Promise<Plant> {
    const input = readPlantBody(body, 'update')
    const id = input.id!
    if (this.#repo.get(id) === undefined) throw appError('PLANT_NOT_FOUND', { id: id.toString() })
    await this.#repo.saveSoon(input)
    return { id, name: input.name, status: input.status, tags: input.tags }
  }

  get (idText: string): Plant {
    const id = int64FromText(idText)
    if (id === undefined) {
      throw appError('PLANT_INVALID_ID', { reason: `"${idText.slice(0, 40)}" is not an integer between -2^63 and 2^63-1` })
    }
    const plant = id > 0n ? this.#repo.get(id) : undefined
    if (plant === undefined) throw appError('PLANT_NOT_FOUND', { id: id.toString() })
    return plant
  }

  /** `values` as they came (repeated and/or comma-separated); none at all means the documented default, available. */
  findByStatus (values: readonly string[] | undefined): Plant[] {
    const statuses: PlantStatus[] = []
    for (const value of splitList(values ?? ['available'])) {
      if (value === '') throw appError('PLANT_INVALID_STATUS', { reason: 'a status value is empty' })
      if (!isPlantStatus(value)) throw appError('PLANT_INVALID_STATUS', { reason: `"${value.slice(0, 40)}" is not a status` })
      if (!statuses.includes(value)) statuses.push(value)
    }
    return this.#repo.findByStatus(statuses)
  }

  /** Plants with ANY of the tags, each once, ascending id. Empty values are dropped; none left is an error. */
  findByTags (values: readonly string[] | undefined): Plant[] {
    const tags = [...new Set(splitList(values ?? []).filter((t) => t !== ''))]
    if (tags.length === 0) throw appError('PLANT_NO_TAGS')
    return this.#repo.findByTags(tags)
  }
}

function splitList (values: readonly string[]): string[] {
  return values.flatMap((v) => v.split(',')).map((v) => v.trim())
}
