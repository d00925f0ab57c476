import { iso } from '../../../core/iso.js'
import type { Catalogue, FieldDef, ModelDef } from '../../base/catalogue/catalogue.js'
import { WRITTEN_CUSTOM } from '../../third-party/data/vendor/custom-fields.js'
import { remoteFieldValues } from './remote-field-values.js'
import { isObject } from './validation.js'
import type { WriteOperation } from './write-surface.js'

const MANY: ReadonlySet<string> = new Set(['string-list', 'enum-list', 'object-list'])
const BOOKKEEPING: ReadonlySet<string> = new Set(['id', 'remote_id', 'created_at', 'modified_at', 'remote_was_deleted', 'field_mappings', 'remote_data', 'remote-fields'])

const isMany = (f: FieldDef): boolean => MANY.has(f.shape.t) || ((f.shape.t === 'ref' || f.shape.t === 'embedded' || f.shape.t === 'embedded-model') && f.shape.many)

/**
 * Accepted request values as the read model holds them: nested items keep only the keys the read model
 * knows (integration_params and the like stay with the request). A create also sets every nullable field
 * it did not name to null (lists to []): the new record holds what was sent, not generated values.
 */
export function recordContent (catalogue: Catalogue, model: ModelDef, values: Readonly<Record<string, unknown>>, fill: boolean, now: number): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  // remote_fields sent go to the third party's custom fields: reads show them in remote_fields and remote_data.
  const custom = remoteFieldValues(model, values.remote_fields)
  if (custom !== undefined) out[WRITTEN_CUSTOM] = custom
  // Every nested item sent takes the write's time as its own timestamps: formatted once per write.
  const at = iso(now)
  for (const f of model.fields) {
    if (BOOKKEEPING.has(f.shape.t)) continue
    if (f.name in values) out[f.name] = convert(catalogue, model, f, values[f.name], at)
    else if (fill && f.nullable) out[f.name] = isMany(f) ? [] : null
    else if (fill && isMany(f)) out[f.name] = []
  }
  return out
}

function convert (catalogue: Catalogue, model: ModelDef, f: FieldDef, value: unknown, at: string): unknown {
  if (value === null) return isMany(f) ? [] : null
  const s = f.shape
  switch (s.t) {
    case 'number':
    case 'integer': return typeof value === 'string' ? Number(value) : value
    case 'decimal': return typeof value === 'number' ? String(value) : value
    case 'datetime': return typeof value === 'string' ? new Date(Date.parse(value)).toISOString() : value
    case 'string': return typeof value === 'string' ? value : JSON.stringify(value)
    case 'embedded': {
      const keys = catalogue.subObject(model.category, s.sub).fields
      return mapItems(value, (item) => pick(item, keys, at))
    }
    // Sub-objects referred to by id (accounting addresses) may be sent inline: those read back whole.
    case 'ref': {
      if (s.to !== 'sub') return value
      const keys = catalogue.subObject(model.category, s.target).fields
      return mapItems(value, (item) => pick(item, keys, at))
    }
    case 'embedded-model': {
      const target = catalogue.byId(`${model.category}.${s.target}`)
      return target === undefined ? value : mapItems(value, (item) => pick(item, target.fields, at))
    }
    default: return value
  }
}

function mapItems (value: unknown, fn: (item: Record<string, unknown>) => Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((v) => (isObject(v) ? fn(v) : v))
  return isObject(value) ? fn(value) : value
}

/**
 * A nested item in the read model's keys, every one of them (the read model requires each key): its own
 * timestamps are the write's, a field it did not name is null, or [] for a list, as on a created record.
 */
function pick (item: Record<string, unknown>, fields: readonly FieldDef[], at: string): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const f of fields) {
    if (Object.hasOwn(item, f.name)) out[f.name] = item[f.name]
    else if (f.name === 'created_at' || f.name === 'modified_at') out[f.name] = at
    else if (f.name === 'remote_was_deleted') out[f.name] = false
    else if (isMany(f)) out[f.name] = []
    else if (f.nullable) out[f.name] = null
  }
  return out
}

/** What an action changes on its record. */
export function actionChange (op: WriteOperation, current: Record<string, unknown>, values: Record<string, unknown>, now: number): Record<string, unknown> {
  if (op.key.endsWith('/change-stage')) return { current_stage: values.job_interview_stage ?? null }
  // credit-note and vendor-credit application: an apply line against the invoice.
  const lines = Array.isArray(current.applied_to_lines) ? current.applied_to_lines : []
  const line = {
    remote_id: null,
    created_at: iso(now),
    modified_at: iso(now),
    invoice: values.invoice ?? null,
    applied_date: typeof values.applied_date === 'string' ? new Date(Date.parse(values.applied_date)).toISOString() : null,
    applied_amount: values.applied_amount ?? null,
    remote_was_deleted: false
  }
  return { applied_to_lines: [...lines, line] }
}
