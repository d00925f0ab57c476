import { type FieldDef, type Filter, GENERIC_LIST_PARAMS } from './definitions.js'

/**
 * The list filters of a model: each list parameter the facts name, resolved to the field it compares and how
 * (equals, in, contains, a date range), or left unsupported (a request using it is refused).
 */

/** Where a `<stem>_after` / `<stem>_before` parameter looks for its datetime field. */
const RANGE_STEMS: Readonly<Record<string, readonly string[]>> = {
  started: ['start_date', 'start_time', 'started_at'],
  ended: ['end_date', 'end_time', 'ended_at'],
  terminated: ['termination_date'],
  completed: ['completed_at'],
  due: ['due_date'],
  remote_created: ['remote_created_at'],
  remote_updated: ['remote_updated_at'],
  posted_date: ['posting_date', 'posted_date'],
  starts: ['start_date']
}

function plural (stem: string): string {
  if (stem.endsWith('y')) return `${stem.slice(0, -1)}ies`
  return /(s|x)$/.test(stem) ? `${stem}es` : `${stem}s`
}

/** A model's list parameters resolved to filters, and those unimock does not simulate. */
export function modelFilters (listParams: readonly string[], fields: readonly FieldDef[]): { filters: Filter[], unsupported: string[] } {
  const byName = new Map(fields.map((f) => [f.name, f]))
  const filters: Filter[] = []
  const unsupported: string[] = []
  for (const param of listParams) {
    if (GENERIC_LIST_PARAMS.has(param)) continue
    const filter = resolveFilter(param, byName)
    if (filter === undefined) unsupported.push(param)
    else filters.push(filter)
  }
  return { filters, unsupported }
}

function resolveFilter (param: string, fields: ReadonlyMap<string, FieldDef>): Filter | undefined {
  const direct = fields.get(param)
  if (direct !== undefined) {
    const s = direct.shape
    if (s.t === 'string' || s.t === 'enum') return { kind: 'equals', param, field: param, value: 'string' }
    if (s.t === 'boolean') return { kind: 'equals', param, field: param, value: 'boolean' }
    if (s.t === 'ref' && s.many) return { kind: 'contains', param, field: param }
    if (s.t === 'ref') return { kind: 'ref', param, field: param }
    if (s.t === 'string-list' || (s.t === 'embedded' && s.many)) return { kind: 'contains', param, field: param }
    return undefined
  }
  if (param.endsWith('_id')) {
    // `calendar_id` is the `calendar` relation, `invitee_id` one of the `invitees`, `to_address_id` one of `to`.
    const stem = param.slice(0, -3)
    const field = fields.get(stem)
    if (field?.shape.t === 'ref' && !field.shape.many) return { kind: 'ref', param, field: field.name }
    if (field?.shape.t === 'string' && field.shape.format === 'uuid') return { kind: 'ref', param, field: field.name }
    for (const name of [plural(stem), stem.replace(/_address$/, '')]) {
      const many = fields.get(name)
      if (many?.shape.t === 'ref' && many.shape.many) return { kind: 'contains', param, field: many.name }
    }
    return undefined
  }
  const hides = /^include_(\w+)$/.exec(param)
  const hidden = hides === null ? undefined : fields.get(`is_${hides[1]!}`)
  if (hidden?.shape.t === 'boolean') return { kind: 'hidden-unless', param, field: hidden.name }
  const root = fields.get(`${param}_id`)
  if (root?.shape.t === 'ref' && !root.shape.many && root.shape.to === 'model') return { kind: 'root', param, field: root.name }
  const range = /^(.+)_(after|before)$/.exec(param)
  if (range !== null) {
    const [, stem, bound] = range as unknown as [string, string, 'after' | 'before']
    const candidates = [...(RANGE_STEMS[stem] ?? []), stem, `${stem}_date`, `${stem}_at`]
    const field = candidates.map((c) => fields.get(c)).find((f) => f?.shape.t === 'datetime')
    return field === undefined ? undefined : { kind: 'range', param, field: field.name, bound }
  }
  if (param === 'remote_ids') return { kind: 'in', param, field: 'remote_id' }
  if (param.endsWith('_ids')) {
    const stem = param.slice(0, -4)
    const many = fields.get(`${stem}s`)
    if (many?.shape.t === 'ref' && many.shape.many) return { kind: 'contains', param, field: many.name }
    const one = fields.get(stem)
    if (one?.shape.t === 'ref' && !one.shape.many) return { kind: 'in', param, field: one.name }
    return undefined
  }
  if (param.endsWith('s')) {
    const one = fields.get(param.slice(0, -1))
    if (one !== undefined && (one.shape.t === 'string' || one.shape.t === 'enum')) return { kind: 'in', param, field: one.name }
  }
  return undefined
}
