import type { ModelDef } from '../../../base/catalogue/catalogue.js'
import { CUSTOM_FIELDS, WRITTEN_CUSTOM } from './custom-fields.js'

/*
 * The simulated vendor's own view of a record: its keys are the common fields in camelCase plus the custom
 * fields (cf_*). remote_data, the raw vendor API and field mappings read a record this way; the raw API's
 * writes come back to the common model through it.
 */

/** A common-model field's key in the vendor's payload (remote_data, the raw API): first_name → firstName. */
export const vendorKey = (field: string): string => field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())

/** Whether a raw vendor value can stand for a common-model field's value as reads show it. */
function fitsShape (shape: ModelDef['fields'][number]['shape'], value: unknown): boolean {
  if (value === null) return true
  switch (shape.t) {
    case 'string': case 'decimal': return typeof value === 'string'
    case 'datetime': return typeof value === 'string' && !Number.isNaN(Date.parse(value))
    case 'enum': return typeof value === 'string' && shape.values.includes(value)
    case 'integer': return Number.isInteger(value)
    case 'number': return typeof value === 'number' && Number.isFinite(value)
    case 'boolean': return typeof value === 'boolean'
    default: return false
  }
}

/**
 * What a body sent to the raw vendor API means for the common model: its vendor keys (the field names in
 * camelCase, as remote_data shows them) whose values fit the field, and its custom fields (cf_*). Keys the
 * vendor API has no field for are dropped, as a vendor's API ignores them. Null when nothing is kept.
 */
export function fromVendor (model: ModelDef, body: Readonly<Record<string, unknown>>): Record<string, unknown> | null {
  const out: Record<string, unknown> = {}
  for (const f of model.fields) {
    const key = vendorKey(f.name)
    if (key in body && fitsShape(f.shape, body[key])) out[f.name] = body[key]
  }
  const custom = Object.fromEntries(CUSTOM_FIELDS.filter((f) => f.key in body).map((f) => [f.key, body[f.key]]))
  if (Object.keys(custom).length > 0) out[WRITTEN_CUSTOM] = custom
  return Object.keys(out).length === 0 ? null : out
}

/** Shapes the vendor's payload does not carry: the service's own bookkeeping, relations and sub-objects. */
export const NOT_IN_PAYLOAD: ReadonlySet<string> = new Set(['id', 'remote_id', 'created_at', 'modified_at', 'remote_was_deleted', 'field_mappings', 'remote_data', 'remote-fields', 'ref', 'embedded', 'embedded-model'])

/**
 * A record read through the API as the vendor holds it: its remote id, its scalar fields under vendor keys and
 * its custom-field values: what a field mapping's traversal path walks.
 */
export function vendorPayload (model: ModelDef, record: Readonly<Record<string, unknown>>, custom: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { id: record.remote_id }
  for (const f of model.fields) {
    const value = record[f.name]
    if (NOT_IN_PAYLOAD.has(f.shape.t) || value === null || value === undefined || typeof value === 'object') continue
    out[vendorKey(f.name)] = value
  }
  return Object.assign(out, custom)
}

const JSON_TYPES: Readonly<Record<string, string>> = { string: 'string', decimal: 'string', datetime: 'string', enum: 'string', integer: 'integer', number: 'number', boolean: 'boolean' }

/** The keys of a model's common fields in the vendor's payload, with their JSON Schema (what /remote-fields lists). */
export function vendorFields (model: ModelDef): Array<{ key: string, schema: Record<string, unknown> }> {
  return model.fields.filter((f) => !NOT_IN_PAYLOAD.has(f.shape.t) && f.shape.t in JSON_TYPES).map((f) => ({
    key: vendorKey(f.name),
    schema: f.shape.t === 'datetime' ? { type: 'string', format: 'date-time' } : { type: JSON_TYPES[f.shape.t]! }
  }))
}
