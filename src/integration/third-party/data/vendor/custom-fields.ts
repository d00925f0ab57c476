import { between, combine, hashText, pick, stableUuid } from '../../../../core/hash.js'

/**
 * The custom fields of the simulated third party: fields its records carry that no common model has (a
 * region, a score, a renewal date, a flag), the same for every resource of every integration. The raw vendor
 * API shows them under their vendor keys, `include_remote_fields` adds them as `remote_fields`, and the
 * remote field classes describe them: one definition, one value per (resource, record, field).
 */
export interface CustomField {
  readonly key: string
  readonly displayName: string
  readonly description: string
  readonly type: 'string' | 'number' | 'date' | 'bool'
  readonly choices?: readonly string[]
}

export const CUSTOM_FIELDS: readonly CustomField[] = [
  { key: 'cf_region', displayName: 'Region', description: 'Sales region the record belongs to', type: 'string', choices: ['EMEA', 'AMER', 'APAC'] },
  { key: 'cf_internal_score', displayName: 'Internal score', description: 'A score from 0 to 100 kept by the team', type: 'number' },
  { key: 'cf_renewal_date', displayName: 'Renewal date', description: 'When the record is next reviewed', type: 'date' },
  { key: 'cf_is_strategic', displayName: 'Strategic', description: 'Whether the record is flagged as strategic', type: 'bool' }
]

const DAY_MS = 86_400_000
const BASE_DAY = Date.UTC(2026, 0, 1) / DAY_MS

/** A record's value of a custom field: a function of the resource (segment path), its remote id and the field. */
export function customValue (resource: string, remoteId: string, field: CustomField): string | number | boolean {
  const h = combine(hashText(`${resource}:${field.key}`), hashText(remoteId))
  switch (field.type) {
    case 'string': return pick(h, field.choices ?? ['a', 'b'])
    case 'number': return between(h, 0, 100)
    case 'bool': return (h & 1) === 1
    case 'date': return new Date((BASE_DAY + between(h, 0, 365)) * DAY_MS).toISOString().slice(0, 10)
  }
}

/** Every custom field of a record, keyed by its vendor key: what the raw API adds to the record. */
export function customValues (resource: string, remoteId: string): Record<string, unknown> {
  return Object.fromEntries(CUSTOM_FIELDS.map((f) => [f.key, customValue(resource, remoteId, f)]))
}

/** The custom field a remote field class id names on a resource, if any. */
export function customFieldOfClass (resource: string, classId: string): CustomField | undefined {
  return CUSTOM_FIELDS.find((f) => remoteFieldClass(resource, f).id === classId)
}

/**
 * Where a record written with `remote_fields` keeps their values (by vendor key) in its written content: a key no
 * common model has, so reads never show it as a field.
 */
export const WRITTEN_CUSTOM = '$remote_fields'

/** RemoteFieldClass of a custom field of a resource (`{category}/{segment path}`), with a stable UUID-shaped id. */
export function remoteFieldClass (resource: string, field: CustomField): Record<string, unknown> {
  return {
    id: stableUuid(`${resource}:${field.key}`),
    display_name: field.displayName,
    remote_key_name: field.key,
    description: field.description,
    is_custom: true,
    is_common_model_field: false,
    is_required: false,
    field_type: field.type,
    field_format: field.type,
    // Accounting's schema lists choices as bare strings, the other categories' as {value, display_name}.
    field_choices: (field.choices ?? []).map((c) => (resource.startsWith('accounting/') ? c : { value: c, display_name: c })),
    item_schema: null
  }
}

/** `remote_fields` of a record, as `include_remote_fields=true` shows them (`values`: what writes gave it). */
export function remoteFields (resource: string, remoteId: string, values: Readonly<Record<string, unknown>> = {}): Array<{ remote_field_class: Record<string, unknown>, value: unknown }> {
  // Accounting's schema types a remote field's value as an object: the value goes under `value` there.
  const wrap = resource.startsWith('accounting/')
  return CUSTOM_FIELDS.map((f) => {
    const value = f.key in values ? values[f.key] : customValue(resource, remoteId, f)
    return { remote_field_class: remoteFieldClass(resource, f), value: wrap ? { value } : value }
  })
}
