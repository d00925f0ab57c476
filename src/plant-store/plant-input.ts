import { stringify } from 'lossless-json'
import { appError } from '../core/errors.js'
import { INT64_MAX, int64FromJson } from './int64.js'

export const PLANT_STATUSES = ['available', 'pending', 'sold'] as const
export type PlantStatus = typeof PLANT_STATUSES[number]

/** A plant as a client wrote it, checked and with the defaults applied. */
export interface PlantInput {
  /** Undefined on add when the client left the choice to the server. */
  readonly id: bigint | undefined
  readonly name: string | null
  /** Whatever category the client sent, kept as JSON text; stored, never returned (the spec says so). */
  readonly category: string | null
  readonly tags: string[]
  readonly status: PlantStatus
}

export function isPlantStatus (value: string): value is PlantStatus {
  return (PLANT_STATUSES as readonly string[]).includes(value)
}

/**
 * Checks a plant body by hand rather than through Ajv: the body may carry BigInt ids (see json.ts), which Ajv
 * does not know, and each failure needs its own status (405 for invalid input, 400 for a bad id on update).
 * `add`: a positive id is honoured, a missing, null, zero or negative id means "give me the next one" (as the
 * V2 reference does). `update`: the id must be a positive int64.
 */
export function readPlantBody (body: unknown, mode: 'add' | 'update'): PlantInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid(`the body must be a JSON object (got ${describe(body)})`)
  }
  const fields = body as Record<string, unknown>
  const own = (key: string): unknown => (Object.hasOwn(fields, key) ? fields[key] : undefined)
  return {
    id: mode === 'add' ? readAddId(own('id')) : readUpdateId(own('id')),
    name: readName(own('name')),
    category: readCategory(own('category')),
    tags: readTags(own('tags')),
    status: readStatus(own('status'))
  }
}

function readAddId (value: unknown): bigint | undefined {
  if (value === undefined || value === null) return undefined
  const id = int64FromJson(value)
  if (id === undefined) {
    if (!isInteger(value)) throw invalid(`id must be an integer (got ${describe(value)})`)
    throw invalid(`id must be at most 2^63-1 = ${INT64_MAX} (got ${describe(value)})`)
  }
  return id > 0n ? id : undefined
}

function readUpdateId (value: unknown): bigint {
  const id = int64FromJson(value)
  if (id === undefined || id <= 0n) {
    const got = value === undefined ? 'it is missing' : `got ${describe(value)}`
    throw appError('PLANT_INVALID_ID', { reason: `the body's id must be a positive integer up to 2^63-1 (${got})` })
  }
  return id
}

function isInteger (value: unknown): boolean {
  return typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value))
}

function readName (value: unknown): string | null {
  if (value === undefined || value === null) return null
  if (typeof value !== 'string') throw invalid(`name must be a string (got ${describe(value)})`)
  return value
}

function readCategory (value: unknown): string | null {
  if (value === undefined || value === null) return null
  if (typeof value === 'string' || (typeof value === 'object' && !Array.isArray(value))) return stringifyJson(value)
  throw invalid(`category must be a string or an object (got ${describe(value)})`)
}

function readTags (value: unknown): string[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw invalid(`tags must be a list of strings (got ${describe(value)})`)
  value.forEach((tag, i) => {
    if (typeof tag !== 'string') throw invalid(`tags[${i}] must be a string (got ${describe(tag)})`)
  })
  return value as string[]
}

function readStatus (value: unknown): PlantStatus {
  if (value === undefined || value === null) return 'available'
  if (typeof value === 'string' && isPlantStatus(value)) return value
  throw invalid(`status must be one of ${PLANT_STATUSES.join(', ')} (got ${describe(value)})`)
}

function invalid (reason: string): Error {
  return appError('PLANT_INVALID_INPUT', { reason })
}

/** JSON text of a parsed value, BigInt included (lossless-json writes it as the exact integer it was). */
function stringifyJson (value: unknown): string {
  return stringify(value) ?? 'null'
}

function describe (value: unknown): string {
  if (value === undefined) return 'nothing'
  if (typeof value === 'bigint') return value.toString()
  if (Array.isArray(value)) return 'a list'
  if (value === null) return 'null'
  if (typeof value === 'object') return 'an object'
  const text = JSON.stringify(value)
  const shown = text.length > 60 ? `${text.slice(0, 57)}...` : text
  return typeof value === 'string' ? `the string ${shown}` : shown
}
