import type { IntegrationWriteSupport, RequestField, RequestModel, WriteSurface } from './write-surface.js'

/**
 * Validation of a write's `model` as the real service does it, driven by the request definitions of the facts
 * and the integration's supported fields: an unknown field is dropped with an UNRECOGNIZED_FIELD warning, a
 * field the integration does not accept with UNSUPPORTED_FIELD; a value of the wrong type is coerced with an
 * INCORRECT_FIELD_TYPE warning where the service would coerce it (a number for a decimal string, "true" for a
 * boolean) and is an error otherwise; a value outside an enum is INVALID_FIELD_CHOICE; a missing required field
 * MISSING_REQUIRED_FIELD. Errors mean nothing is written. Pure: relations are checked by the caller.
 */

/** One entry of `warnings` or `errors`, in the shape the official client 4.0.4 parses (no 2026-only keys). */
export interface WriteProblem {
  readonly source?: { readonly pointer: string }
  readonly title: string
  readonly detail: string
  readonly problem_type: string
}

export interface Validated {
  /** The accepted values, by request field name, coerced where the service coerces. */
  readonly values: Record<string, unknown>
  readonly warnings: WriteProblem[]
  readonly errors: WriteProblem[]
}

/** Longest string a field takes; the third parties' own limits are far below a megabyte. */
export const MAX_STRING = 65_535

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const DECIMAL = /^-?\d+(\.\d+)?$/
/** Request fields that carry integration- or account-specific extras: never "unsupported". */
const EXTRAS = new Set(['integration_params', 'linked_account_params'])

export const problem = (pointer: string | null, problemType: string, title: string, detail: string): WriteProblem =>
  pointer === null ? { title, detail, problem_type: problemType } : { source: { pointer }, title, detail, problem_type: problemType }

/** A pointer one level down; the body's root is ''. */
const join = (pointer: string, key: string): string => pointer === '' ? key : `${pointer}/${key}`

export const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

export interface ValidateInput {
  readonly category: string
  /** The request model's name (ContactRequest) and definition. */
  readonly name: string
  readonly model: RequestModel
  readonly value: unknown
  /** `post` checks required fields; `patch` changes only what it names. */
  readonly kind: 'post' | 'patch'
  readonly support: IntegrationWriteSupport | undefined
  readonly integration: string | null
  /** Pointer of the model in the body: `model`, or `batch_items/3/payload`. */
  readonly pointer: string
}

/** Per request definition and per integration's support entry, what every write of them asks (fixed data). */
const requiredKeys = new WeakMap<RequestModel, readonly string[]>()
const supportedSets = new WeakMap<IntegrationWriteSupport, ReadonlySet<string>>()

function requiredOf (model: RequestModel): readonly string[] {
  let keys = requiredKeys.get(model)
  if (keys === undefined) {
    keys = Object.keys(model).filter((key) => model[key]!.required === true)
    requiredKeys.set(model, keys)
  }
  return keys
}

function supportedOf (support: IntegrationWriteSupport): ReadonlySet<string> {
  let fields = supportedSets.get(support)
  if (fields === undefined) {
    fields = new Set(support.supported_fields)
    supportedSets.set(support, fields)
  }
  return fields
}

export class WriteValidator {
  readonly #surface: WriteSurface

  constructor (surface: WriteSurface) {
    this.#surface = surface
  }

  validate (input: ValidateInput): Validated {
    const warnings: WriteProblem[] = []
    const errors: WriteProblem[] = []
    const out: Validated = { values: {}, warnings, errors }
    if (!isObject(input.value)) {
      errors.push(input.value === undefined
        ? problem(input.pointer, 'MISSING_REQUIRED_FIELD', 'Missing Required Field', `${input.pointer} is required: send the record's fields as an object under "model".`)
        : problem(input.pointer, 'INCORRECT_FIELD_TYPE', 'Incorrect Field Type', `${input.pointer} must be an object of ${input.name} fields, not ${describe(input.value)}.`))
      return out
    }
    const supported = input.support === undefined ? undefined : supportedOf(input.support)
    for (const [key, value] of Object.entries(input.value)) {
      const pointer = join(input.pointer, key)
      const field = input.model[key]
      if (field === undefined) {
        warnings.push(problem(pointer, 'UNRECOGNIZED_FIELD', 'Unrecognized Field', `${key} is not a field of ${input.name}; it was ignored.`))
        continue
      }
      if (supported !== undefined && !supported.has(key) && !EXTRAS.has(key)) {
        warnings.push(problem(pointer, 'UNSUPPORTED_FIELD', 'Unsupported Field', `${key} is not supported by ${input.integration ?? 'this integration'} on this write; it was ignored.`))
        continue
      }
      const checked = this.#value(input.category, field, value, pointer, out)
      if (checked.ok) out.values[key] = checked.value
    }
    if (input.kind === 'post') this.#required(input, input.value, out)
    return out
  }

  /** Fields the definition marks required, and the integration's required parameters (dotted paths). */
  #required (input: ValidateInput, value: Record<string, unknown>, out: Validated): void {
    const missing = (pointer: string, what: string): void => {
      out.errors.push(problem(pointer, 'MISSING_REQUIRED_FIELD', 'Missing Required Field', `${what} is required by ${input.integration ?? 'this write'}.`))
    }
    for (const key of requiredOf(input.model)) {
      if (value[key] === undefined || value[key] === null) missing(join(input.pointer, key), key)
    }
    for (const path of input.support?.required_parameters ?? []) {
      const [head, ...rest] = path.split('.') as [string, ...string[]]
      // A parameter outside the request model (ATS remote_user_id sits in the envelope) is not the model's.
      if (input.model[head] === undefined) continue
      if (rest.length === 0) {
        if (value[head] === undefined || value[head] === null || value[head] === '') {
          if (!out.errors.some((e) => e.source?.pointer === join(input.pointer, head))) missing(join(input.pointer, head), head)
        }
        continue
      }
      // A nested parameter is required of each item or object the caller sends (remote_fields.value,
      // applications.job, integration_params.file_type); a list or object not sent requires nothing.
      this.#nested(value[head], rest, join(input.pointer, head), path, missing)
    }
  }

  #nested (value: unknown, parts: readonly string[], pointer: string, path: string, missing: (pointer: string, what: string) => void): void {
    if (Array.isArray(value)) {
      value.forEach((item, i) => { this.#nested(item, parts, `${pointer}/${i}`, path, missing) })
      return
    }
    if (!isObject(value)) return
    const [head, ...rest] = parts as [string, ...string[]]
    if (rest.length > 0) { this.#nested(value[head], rest, `${pointer}/${head}`, path, missing); return }
    if (value[head] === undefined || value[head] === null) missing(`${pointer}/${head}`, path)
  }

  #value (category: string, field: RequestField, value: unknown, pointer: string, out: Validated): { ok: true, value: unknown } | { ok: false } {
    const wrong = (expected: string): { ok: false } => {
      out.errors.push(problem(pointer, 'INCORRECT_FIELD_TYPE', 'Incorrect Field Type', `${pointer} must be ${expected}, not ${describe(value)}.`))
      return { ok: false }
    }
    const coerced = (to: unknown, expected: string): { ok: true, value: unknown } => {
      out.warnings.push(problem(pointer, 'INCORRECT_FIELD_TYPE', 'Incorrect Field Type', `${pointer} should be ${expected}; ${describe(value)} was coerced.`))
      return { ok: true, value: to }
    }
    if (value === null) return field.nullable || field.type === 'any' || field.type === 'object' ? { ok: true, value: null } : wrong(expectation(field))
    switch (field.type) {
      case 'string': {
        if (field.format === 'decimal' && typeof value === 'number' && Number.isFinite(value)) return coerced(String(value), 'a decimal string')
        if (typeof value !== 'string') return wrong(expectation(field))
        if (value.length > MAX_STRING) return wrong(`at most ${MAX_STRING} characters`)
        if (!formatOk(field.format, value)) return wrong(expectation(field))
        return { ok: true, value }
      }
      case 'integer':
      case 'number': {
        const n = typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value
        if (typeof n !== 'number' || !Number.isFinite(n) || (field.type === 'integer' && !Number.isInteger(n))) return wrong(expectation(field))
        return n === value ? { ok: true, value } : coerced(n, expectation(field))
      }
      case 'boolean':
        if (typeof value === 'boolean') return { ok: true, value }
        if (value === 'true' || value === 'false') return coerced(value === 'true', 'a boolean')
        return wrong('a boolean')
      case 'enum': {
        const values = this.#surface.enumValues(field) ?? []
        if (typeof value !== 'string') return wrong(expectation(field))
        if (!values.includes(value)) {
          out.errors.push(problem(pointer, 'INVALID_FIELD_CHOICE', 'Invalid Field Choice', `"${value.slice(0, 100)}" is not a valid choice for ${pointer}: one of ${values.slice(0, 12).join(', ')}${values.length > 12 ? ', ...' : ''}.`))
          return { ok: false }
        }
        return { ok: true, value }
      }
      case 'array': {
        if (!Array.isArray(value)) return wrong('a list')
        const items = field.items ?? {}
        const itemField: RequestField = items.ref !== undefined
          ? { type: 'object', ref: items.ref, nullable: false }
          : { type: items.type ?? 'any', nullable: false, ...(items.format === undefined ? {} : { format: items.format }), ...(items.enum === undefined ? {} : { enum: items.enum }), ...(items.enum_ref === undefined ? {} : { enum_ref: items.enum_ref }), ...(items.anyOf === undefined ? {} : { anyOf: items.anyOf }) }
        const kept: unknown[] = []
        let ok = true
        value.forEach((item, i) => {
          const r = this.#value(category, itemField, item, `${pointer}/${i}`, out)
          if (r.ok) kept.push(r.value)
          else ok = false
        })
        return ok ? { ok: true, value: kept } : { ok: false }
      }
      case 'object': {
        if (!isObject(value)) return wrong('an object')
        if (field.ref === undefined) return { ok: true, value }
        const nested = this.validate({
          category, name: field.ref, model: this.#surface.request(category, field.ref), value, kind: 'post', support: undefined, integration: null, pointer
        })
        out.warnings.push(...nested.warnings)
        out.errors.push(...nested.errors)
        return nested.errors.length > 0 ? { ok: false } : { ok: true, value: nested.values }
      }
      case 'union': {
        // The first member the value is (an id, or the record itself), with that member's warnings.
        for (const member of field.anyOf ?? []) {
          const trial: Validated = { values: {}, warnings: [], errors: [] }
          const checked = this.#value(category, member, value, pointer, trial)
          if (checked.ok && trial.errors.length === 0) {
            out.warnings.push(...trial.warnings)
            return checked
          }
        }
        return field.anyOf === undefined ? { ok: true, value } : wrong(expectation(field))
      }
      default:
        return { ok: true, value }
    }
  }
}

function formatOk (format: string | undefined, value: string): boolean {
  switch (format) {
    case 'uuid': return UUID.test(value)
    case 'date-time':
    case 'date': return !Number.isNaN(Date.parse(value))
    case 'decimal': return DECIMAL.test(value)
    case 'email': return /^[^@\s]+@[^@\s]+$/.test(value)
    case 'uri': return URL.canParse(value)
    default: return true
  }
}

function expectation (field: RequestField): string {
  if (field.type === 'enum') return 'one of the field\'s choices'
  if (field.type === 'string') {
    if (field.format === 'uuid') return 'the id (a UUID) of a record'
    if (field.format === 'date-time' || field.format === 'date') return 'an ISO 8601 date-time'
    if (field.format === 'decimal') return 'a decimal string'
    if (field.format === 'email') return 'an email address'
    if (field.format === 'uri') return 'a URL'
    return 'a string'
  }
  if (field.type === 'union' && field.anyOf !== undefined) return field.anyOf.map(expectation).join(' or ')
  if (field.type === 'object') return 'an object'
  if (field.type === 'integer') return 'an integer'
  if (field.type === 'number') return 'a number'
  return `a ${field.type}`
}

function describe (value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'string') return value.length > 40 ? `a string of ${value.length} characters` : `"${value}"`
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`
}
