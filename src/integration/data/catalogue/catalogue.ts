import { readPackageJsonFile } from '../../../core/fixtures.js'

/**
 * The model catalogue of the unified service, as data: every common model of the seven categories with its
 * path segment, typed fields, expandable relations and list filters, read from fixtures/unified-models.json
 * (derived from the researched facts by scripts/derive-unified-models.mjs). Nothing here is written per
 * model: routes, schemas, the generator and the filters are all built from these definitions.
 */

export const DATA_CATEGORIES = ['hris', 'ats', 'crm', 'accounting', 'ticketing', 'filestorage', 'knowledgebase'] as const
export type DataCategory = typeof DATA_CATEGORIES[number]

interface RawField {
  readonly type?: string
  readonly format?: string
  readonly nullable: boolean | 'unknown'
  readonly enum?: readonly string[]
  readonly enum_ref?: string
  readonly items?: string
  readonly expandable_to?: string
  /** false: a field of the 2026 export the 4.0.4 client does not know. */
  readonly in_sdk?: boolean
}

interface RawModel {
  readonly segment: string
  readonly retrieve: boolean
  readonly in_sdk: boolean
  readonly in_spec: boolean
  readonly list_query_params: readonly string[]
  readonly retrieve_query_params: readonly string[]
  readonly expand_values: readonly string[]
  readonly fields: Readonly<Record<string, RawField>>
}

interface RawCategory {
  readonly models: Readonly<Record<string, RawModel>>
  readonly sub_objects: Readonly<Record<string, { readonly fields: Readonly<Record<string, RawField>> }>>
}

interface RawCatalogue {
  readonly categories: Readonly<Record<string, RawCategory>>
  readonly enums: Readonly<Record<string, readonly string[]>>
}

/** How a field is produced and typed. `ref` is an id of another record (inlined when expanded). */
export type Shape =
  | { readonly t: 'id' }
  | { readonly t: 'remote_id' }
  | { readonly t: 'created_at' }
  | { readonly t: 'modified_at' }
  | { readonly t: 'remote_was_deleted' }
  | { readonly t: 'field_mappings' }
  | { readonly t: 'remote_data' }
  | { readonly t: 'string', readonly format: string | undefined }
  | { readonly t: 'decimal' }
  | { readonly t: 'datetime' }
  | { readonly t: 'integer' }
  | { readonly t: 'number' }
  | { readonly t: 'boolean' }
  | { readonly t: 'enum', readonly values: readonly string[] }
  | { readonly t: 'enum-list', readonly values: readonly string[] }
  | { readonly t: 'string-list' }
  | { readonly t: 'object' }
  | { readonly t: 'object-list' }
  | { readonly t: 'any' }
  | { readonly t: 'remote-fields' }
  | { readonly t: 'ref', readonly target: string, readonly to: 'model' | 'sub', readonly many: boolean, readonly expandable: boolean }
  | { readonly t: 'embedded', readonly sub: string, readonly many: boolean }
  | { readonly t: 'embedded-model', readonly target: string, readonly many: boolean }

export interface FieldDef {
  readonly name: string
  readonly shape: Shape
  /** The spec's nullability; fields whose nullability the facts leave unknown are treated as nullable. */
  readonly nullable: boolean
}

export interface SubObjectDef {
  readonly category: DataCategory
  readonly name: string
  readonly fields: readonly FieldDef[]
}

/** A list filter the catalogue names for a model, resolved to what it compares. */
export type Filter =
  | { readonly kind: 'equals', readonly param: string, readonly field: string, readonly value: 'string' | 'boolean' }
  | { readonly kind: 'ref', readonly param: string, readonly field: string }
  /** Any of the comma-separated values is in the list (ids, strings, or a value of an embedded item). */
  | { readonly kind: 'contains', readonly param: string, readonly field: string }
  | { readonly kind: 'in', readonly param: string, readonly field: string }
  | { readonly kind: 'range', readonly param: string, readonly field: string, readonly bound: 'after' | 'before' }

export interface ModelDef {
  readonly category: DataCategory
  readonly name: string
  /** `{category}.{ModelName}`, the sync status `model_id`. */
  readonly id: string
  readonly segment: string
  readonly retrieve: boolean
  readonly inSdk: boolean
  readonly inSpec: boolean
  readonly fields: readonly FieldDef[]
  readonly listParams: readonly string[]
  readonly retrieveParams: readonly string[]
  readonly expandValues: readonly string[]
  /** Plain-match filters unimock applies. */
  readonly filters: readonly Filter[]
  /** Model-specific parameters of the real service that unimock does not simulate: a request using one is refused. */
  readonly unsupportedParams: readonly string[]
  /** Whether the generic time-window parameters (created_after ... remote_id) exist on this model. */
  readonly hasTimeFilters: boolean
}

/** Parameters every list endpoint handles itself, outside the model-specific filters. */
export const GENERIC_LIST_PARAMS = new Set([
  'cursor', 'page_size', 'include_deleted_data', 'include_remote_data', 'include_shell_data', 'include_remote_fields',
  'include_sensitive_fields', 'created_after', 'created_before', 'modified_after', 'modified_before', 'remote_id',
  'expand', 'remote_fields', 'show_enum_origins'
])

/** Fields the real service withholds unless `include_sensitive_fields=true`. */
export const SENSITIVE_FIELDS = new Set(['ssn'])

const BASE_SHAPES: Readonly<Record<string, Shape>> = {
  id: { t: 'id' },
  remote_id: { t: 'remote_id' },
  created_at: { t: 'created_at' },
  modified_at: { t: 'modified_at' },
  remote_was_deleted: { t: 'remote_was_deleted' },
  field_mappings: { t: 'field_mappings' },
  remote_data: { t: 'remote_data' }
}

/**
 * uuid fields the facts do not mark as expandable but that evidently point at a record of another model of
 * the same category (a Dependent's `employee`, a line item's `tax_rate`): they carry real ids, never random
 * ones. Keys are field names; a value per category where the name means different models.
 */
const IMPLIED_TARGETS: Readonly<Record<string, string | Readonly<Record<string, string>>>> = {
  company: { accounting: 'CompanyInfo', hris: 'Company' },
  home_location: 'Location',
  customer: 'Contact',
  uploaded_by: 'User',
  author: 'User',
  last_edited_by: 'User',
  root_container: 'Container',
  parent_category: 'TrackingCategory',
  related_object_id: 'Invoice',
  attachments: 'Attachment'
}

/** Where a `<stem>_after` / `<stem>_before` parameter looks for its datetime field. */
const RANGE_STEMS: Readonly<Record<string, readonly string[]>> = {
  started: ['start_date', 'start_time', 'started_at'],
  ended: ['end_date', 'end_time', 'ended_at'],
  terminated: ['termination_date'],
  completed: ['completed_at'],
  due: ['due_date'],
  remote_created: ['remote_created_at'],
  remote_updated: ['remote_updated_at'],
  posted_date: ['posting_date', 'posted_date']
}

function singular (plural: string): string {
  if (plural.endsWith('ies')) return plural.slice(0, -3) + 'y'
  return plural.endsWith('s') ? plural.slice(0, -1) : plural
}

function pascal (snake: string): string {
  return snake.split('_').map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('')
}

class CatalogueBuilder {
  readonly #raw: RawCatalogue
  readonly #revision: ApiRevision

  constructor (raw: RawCatalogue, revision: ApiRevision) {
    this.#raw = raw
    this.#revision = revision
  }

  #enumValues (field: RawField, where: string): readonly string[] {
    if (field.enum !== undefined && field.enum.length > 0) return field.enum
    if (field.enum_ref !== undefined) {
      const values = this.#raw.enums[field.enum_ref]
      if (values === undefined) throw new Error(`unified-models.json: ${where} names enum ${field.enum_ref}, which is missing`)
      return values
    }
    return []
  }

  #impliedTarget (category: DataCategory, name: string): string | undefined {
    const models = this.#raw.categories[category]!.models
    const alias = IMPLIED_TARGETS[name]
    const aliased = typeof alias === 'string' ? alias : alias?.[category]
    const candidates = [aliased, pascal(name), name.startsWith('parent_') ? pascal(name.slice(7)) : undefined]
    return candidates.find((c): c is string => c !== undefined && models[c] !== undefined)
  }

  #targetKind (category: DataCategory, target: string): 'model' | 'sub' | undefined {
    const raw = this.#raw.categories[category]!
    if (raw.models[target] !== undefined) return 'model'
    if (raw.sub_objects[target] !== undefined) return 'sub'
    return undefined
  }

  shape (category: DataCategory, name: string, field: RawField, where: string): Shape {
    const base = BASE_SHAPES[name]
    if (base !== undefined) return base
    if (name === 'remote_fields') return { t: 'remote-fields' }
    const type = field.type ?? 'any'
    const items = field.items
    if (type === 'array' || type.includes('list<')) {
      if (items === undefined && type.includes('Model:')) {
        const sub = /Model:(\w+)/.exec(type)![1]!
        return { t: 'embedded', sub, many: true }
      }
      if (items === 'enum') return { t: 'enum-list', values: this.#enumValues(field, where) }
      if (items === 'RolesEnum') return { t: 'enum-list', values: ['READ', 'WRITE', 'OWNER'] }
      if (items === 'record') return { t: 'object-list' }
      if (items === 'string(uuid)' || items === 'string:uuid') {
        const target = field.expandable_to ?? this.#impliedTarget(category, name)
        const to = target === undefined ? undefined : this.#targetKind(category, target)
        if (target !== undefined && to !== undefined) {
          return { t: 'ref', target, to, many: true, expandable: field.expandable_to !== undefined }
        }
        return { t: 'string-list' }
      }
      if (items === undefined || items === 'string') {
        // Lists of plain strings that name another model hold that model's ids (a Group's `users`);
        // `tags` hold tag names, as the real service returns them.
        const target = name === 'tags' ? undefined : this.#impliedTarget(category, singular(name))
        return target === undefined ? { t: 'string-list' } : { t: 'ref', target, to: 'model', many: true, expandable: false }
      }
      const kind = this.#targetKind(category, items)
      if (kind === 'sub') return { t: 'embedded', sub: items, many: true }
      if (kind === 'model') return { t: 'embedded-model', target: items, many: true }
      throw new Error(`unified-models.json: ${where} has items ${items}, which is neither a model nor a sub-object of ${category}`)
    }
    switch (type) {
      case 'string': {
        if (field.format === 'date-time' || field.format === 'date') return { t: 'datetime' }
        if (field.format === 'decimal') return { t: 'decimal' }
        if (field.format === 'uuid') {
          const target = field.expandable_to ?? this.#impliedTarget(category, name)
          const to = target === undefined ? undefined : this.#targetKind(category, target)
          if (target !== undefined && to !== undefined) {
            return { t: 'ref', target, to, many: false, expandable: field.expandable_to !== undefined }
          }
        }
        return { t: 'string', format: field.format }
      }
      case 'integer': return { t: 'integer' }
      case 'number': return { t: 'number' }
      case 'boolean': return { t: 'boolean' }
      case 'enum': return { t: 'enum', values: this.#enumValues(field, where) }
      case 'object': return { t: 'object' }
      case 'any': return { t: 'any' }
      default: throw new Error(`unified-models.json: ${where} has type ${type}, which unimock does not know`)
    }
  }

  fields (category: DataCategory, owner: string, raw: Readonly<Record<string, RawField>>): FieldDef[] {
    const served = Object.entries(raw).filter(([, field]) => this.#revision === '2026' || field.in_sdk !== false)
    return served.map(([name, field]) => ({
      name,
      shape: this.shape(category, name, field, `${category}.${owner}.${name}`),
      nullable: field.nullable !== false
    }))
  }

  filters (model: Omit<ModelDef, 'filters' | 'unsupportedParams'>): { filters: Filter[], unsupported: string[] } {
    const byName = new Map(model.fields.map((f) => [f.name, f]))
    const filters: Filter[] = []
    const unsupported: string[] = []
    for (const param of model.listParams) {
      if (GENERIC_LIST_PARAMS.has(param)) continue
      const filter = resolveFilter(param, byName)
      if (filter === undefined) unsupported.push(param)
      else filters.push(filter)
    }
    return { filters, unsupported }
  }

  build (): Catalogue {
    const models: ModelDef[] = []
    const subObjects: SubObjectDef[] = []
    for (const category of DATA_CATEGORIES) {
      const raw = this.#raw.categories[category]
      if (raw === undefined) throw new Error(`unified-models.json has no category ${category}`)
      for (const [name, sub] of Object.entries(raw.sub_objects)) {
        subObjects.push({ category, name, fields: this.fields(category, name, sub.fields) })
      }
      for (const [name, raw_] of Object.entries(raw.models)) {
        // The facts list no expand values for a few models whose relations the official client does offer
        // to expand (a GeneralLedgerTransaction's accounting_period, a Team's parent_team): there, every
        // relation to a model of the category is expandable.
        const m = raw_.expand_values.length > 0 ? raw_ : { ...raw_, expand_values: relationsToModels(raw_, raw.models) }
        // expand_values is the authority on what `expand` accepts: some relations it lists carry no
        // expandable_to in the facts (a Group's parent_group).
        const fields = this.fields(category, name, m.fields).map((f): FieldDef =>
          f.shape.t === 'ref' && !f.shape.expandable && m.expand_values.includes(f.name) ? { ...f, shape: { ...f.shape, expandable: true } } : f)
        const partial = {
          category,
          name,
          id: `${category}.${name}`,
          segment: m.segment,
          retrieve: m.retrieve,
          inSdk: m.in_sdk,
          inSpec: m.in_spec,
          fields,
          listParams: m.list_query_params,
          retrieveParams: m.retrieve_query_params,
          expandValues: m.expand_values,
          hasTimeFilters: m.list_query_params.includes('modified_after')
        }
        const { filters, unsupported } = this.filters(partial)
        models.push({ ...partial, filters, unsupportedParams: unsupported })
      }
    }
    return new Catalogue(models, subObjects)
  }
}

function relationsToModels (model: RawModel, models: Readonly<Record<string, RawModel>>): string[] {
  return Object.entries(model.fields).filter(([, f]) => f.expandable_to !== undefined && f.expandable_to in models).map(([name]) => name)
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
    const field = fields.get(param.slice(0, -3))
    if (field?.shape.t === 'ref' && !field.shape.many) return { kind: 'ref', param, field: field.name }
    return undefined
  }
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

export class Catalogue {
  readonly models: readonly ModelDef[]
  readonly #bySegment = new Map<string, ModelDef>()
  readonly #byId = new Map<string, ModelDef>()
  readonly #subObjects = new Map<string, SubObjectDef>()

  constructor (models: readonly ModelDef[], subObjects: readonly SubObjectDef[]) {
    this.models = models
    for (const m of models) {
      this.#bySegment.set(`${m.category}/${m.segment}`, m)
      this.#byId.set(m.id, m)
    }
    for (const s of subObjects) this.#subObjects.set(`${s.category}.${s.name}`, s)
  }

  bySegment (category: string, segment: string): ModelDef | undefined {
    return this.#bySegment.get(`${category}/${segment}`)
  }

  /** By `{category}.{ModelName}`. */
  byId (id: string): ModelDef | undefined {
    return this.#byId.get(id)
  }

  model (category: DataCategory, name: string): ModelDef {
    const m = this.#byId.get(`${category}.${name}`)
    if (m === undefined) throw new Error(`no model ${category}.${name} in the catalogue`)
    return m
  }

  subObject (category: DataCategory, name: string): SubObjectDef {
    const s = this.#subObjects.get(`${category}.${name}`)
    if (s === undefined) throw new Error(`no sub-object ${category}.${name} in the catalogue`)
    return s
  }

  inCategory (category: string): ModelDef[] {
    return this.models.filter((m) => m.category === category)
  }
}

/**
 * Which revision of the real service's answers to serve. `4.0.4` (the default): what the official Node client
 * of that version knows, so a strict client parses every record; fields newer than it (crm `*_url`,
 * filestorage Drive `size`, marked `in_sdk: false` in the facts) are left out. `2026`: every field of the 2026
 * API export.
 */
export const API_REVISIONS = ['4.0.4', '2026'] as const
export type ApiRevision = typeof API_REVISIONS[number]

const loaded = new Map<ApiRevision, Catalogue>()

/** The catalogue of a revision, built once per process: it is immutable and shared by every app instance. */
export function loadCatalogue (revision: ApiRevision = '4.0.4'): Catalogue {
  let catalogue = loaded.get(revision)
  if (catalogue === undefined) {
    catalogue = new CatalogueBuilder(readPackageJsonFile<RawCatalogue>('fixtures/unified-models.json'), revision).build()
    loaded.set(revision, catalogue)
  }
  return catalogue
}
