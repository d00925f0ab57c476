import { appError } from '../../../../core/errors.js'
import { PAGE_SIZE_MAX, pageSize } from '../../../../core/pagination.js'
import { hash32 } from '../../../../core/hash.js'
import type { Filter, ModelDef } from '../../../base/catalogue/catalogue.js'
import { parseTimestamp } from '../../../../core/timestamps.js'
import { queryBoolean } from '../../../../core/query-boolean.js'

/**
 * The query parameters of a list or retrieve call, checked and normalised. Bad values are 400s naming the
 * parameter; the normalised form also yields the fingerprint a cursor is bound to.
 */

/** What the route hands over: query values after schema coercion (numbers and booleans already typed). */
export type RawQuery = Readonly<Record<string, unknown>>

export interface ContentFilter {
  readonly filter: Filter
  /** Comma-separated values, a boolean, or a microsecond bound for a date range. */
  readonly values: readonly string[]
  readonly flag: boolean | null
  readonly micros: number | null
}

export interface ListQuery {
  readonly pageSize: number
  readonly cursor: string | null
  readonly includeDeleted: boolean
  readonly includeRemoteData: boolean
  readonly sensitive: boolean
  readonly expand: readonly string[]
  readonly modifiedAfter: number | null
  readonly modifiedBefore: number | null
  readonly createdAfter: number | null
  readonly createdBefore: number | null
  readonly remoteId: string | null
  readonly filters: readonly ContentFilter[]
  /** Hash of every parameter but cursor and page_size, normalised: what a cursor must be used with. */
  readonly fingerprint: string
}

export interface RecordQuery {
  readonly includeRemoteData: boolean
  readonly sensitive: boolean
  readonly expand: readonly string[]
}

const text = (value: unknown): string | undefined => (value === undefined || value === null ? undefined : String(value))

/** A boolean parameter: the route's schema has read it already; the service's own callers pass text. */
function flag (raw: RawQuery, name: string): boolean {
  return queryBoolean(raw[name]) === true
}

/** A boolean filter's value, or undefined when absent; a value that is no boolean is a 400 naming the filter. */
function booleanFilter (raw: RawQuery, param: string): boolean | undefined {
  const value = raw[param]
  if (value === undefined || value === null) return undefined
  const read = queryBoolean(value)
  if (read === undefined) throw appError('DATA_BAD_PARAM', { param, value: String(value), reason: 'use true or false' })
  return read
}

function timestamp (raw: RawQuery, name: string): number | null {
  const value = text(raw[name])
  if (value === undefined) return null
  const parsed = parseTimestamp(value)
  if (!parsed.ok) throw appError('DATA_BAD_TIMESTAMP', { param: name, value, reason: parsed.reason })
  return parsed.micros
}

export function parseExpand (model: ModelDef, raw: RawQuery): string[] {
  const value = text(raw.expand)
  if (value === undefined || value.trim() === '') return []
  const names = [...new Set(value.split(',').map((v) => v.trim()).filter((v) => v !== ''))].sort()
  for (const name of names) {
    if (!model.expandValues.includes(name)) {
      throw appError('DATA_BAD_EXPAND', { value: name, model: model.name, allowed: model.expandValues.length === 0 ? '(none: this model has no expandable relations)' : model.expandValues.join(', ') })
    }
  }
  return names
}

function requestedPageSize (raw: RawQuery): number {
  const value = raw.page_size
  if (value === undefined || value === null || value === '') return pageSize(undefined)
  const n = typeof value === 'number' ? value : Number(value)
  if (!Number.isInteger(n) || n < 1) {
    throw appError('DATA_BAD_PARAM', { param: 'page_size', value: String(value), reason: `use a whole number from 1; values above ${PAGE_SIZE_MAX} are capped at ${PAGE_SIZE_MAX}` })
  }
  return pageSize(n)
}

/**
 * An enum filter takes only the enum's values: the real service (Django REST framework with django-filter,
 * whose choice filters the spec's enum-typed parameters come from) answers 400 "Select a valid choice".
 */
function checkChoices (model: ModelDef, filter: Filter, values: readonly string[]): void {
  const shape = model.fields.find((f) => f.name === filter.field)?.shape
  if (shape?.t !== 'enum' || shape.values.length === 0) return
  const bad = values.find((v) => !shape.values.includes(v))
  if (bad !== undefined) throw appError('DATA_BAD_PARAM', { param: filter.param, value: bad, reason: `not one of the available choices (${shape.values.join(', ')})` })
}

function contentFilter (model: ModelDef, filter: Filter, raw: RawQuery): ContentFilter | undefined {
  // include_cancelled: records where the field is true are left out unless it is true; root_message=true: only
  // records without a root (false is no filter, as the spec says of anything but true).
  if (filter.kind === 'hidden-unless') return booleanFilter(raw, filter.param) === true ? undefined : { filter, values: [], flag: true, micros: null }
  if (filter.kind === 'root') return booleanFilter(raw, filter.param) === true ? { filter, values: [], flag: null, micros: null } : undefined
  if (filter.kind === 'equals' && filter.value === 'boolean') {
    const wanted = booleanFilter(raw, filter.param)
    return wanted === undefined ? undefined : { filter, values: [], flag: wanted, micros: null }
  }
  const value = text(raw[filter.param])
  if (value === undefined) return undefined
  if (filter.kind === 'range') {
    const micros = timestamp(raw, filter.param)
    return { filter, values: [], flag: null, micros }
  }
  const values = filter.kind === 'equals' || filter.kind === 'ref' ? [value] : value.split(',').map((v) => v.trim()).filter((v) => v !== '')
  checkChoices(model, filter, values)
  return { filter, values, flag: null, micros: null }
}

export function parseListQuery (model: ModelDef, raw: RawQuery): ListQuery {
  for (const param of model.unsupportedParams) {
    if (raw[param] !== undefined) throw appError('DATA_FILTER_UNSUPPORTED', { param, model: model.name })
  }
  const filters: ContentFilter[] = []
  for (const f of model.filters) {
    const parsed = contentFilter(model, f, raw)
    if (parsed !== undefined) filters.push(parsed)
  }
  const query = {
    pageSize: requestedPageSize(raw),
    cursor: text(raw.cursor) ?? null,
    includeDeleted: flag(raw, 'include_deleted_data'),
    includeRemoteData: flag(raw, 'include_remote_data'),
    sensitive: flag(raw, 'include_sensitive_fields'),
    expand: parseExpand(model, raw),
    modifiedAfter: timestamp(raw, 'modified_after'),
    modifiedBefore: timestamp(raw, 'modified_before'),
    createdAfter: timestamp(raw, 'created_after'),
    createdBefore: timestamp(raw, 'created_before'),
    remoteId: text(raw.remote_id) ?? null,
    filters
  }
  return { ...query, fingerprint: fingerprint(raw) }
}

export function parseRecordQuery (model: ModelDef, raw: RawQuery): RecordQuery {
  return {
    includeRemoteData: flag(raw, 'include_remote_data'),
    sensitive: flag(raw, 'include_sensitive_fields'),
    expand: parseExpand(model, raw)
  }
}

/** Every parameter except cursor and page_size, in a canonical order, hashed. */
function fingerprint (raw: RawQuery): string {
  const parts = Object.keys(raw)
    .filter((k) => k !== 'cursor' && k !== 'page_size' && raw[k] !== undefined)
    .sort()
    .map((k) => `${k}=${k === 'expand' ? String(raw[k]).split(',').map((v) => v.trim()).sort().join(',') : String(raw[k])}`)
  return hash32(parts.join('&')).toString(36)
}
