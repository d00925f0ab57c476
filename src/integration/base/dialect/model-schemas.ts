import { Type, type TSchema } from '@sinclair/typebox'
import { oncePer } from '../../../core/once-per.js'
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../../core/pagination.js'
import { PageSizeParam } from './schemas.js'
import type { Catalogue, DataCategory, FieldDef, Filter, ModelDef } from '../catalogue/catalogue.js'
import { GENERIC_LIST_PARAMS } from '../catalogue/catalogue.js'

/**
 * TypeBox schemas generated from the catalogue: one record schema per model (the OpenAPI document shows
 * every field with its type and nullability, and fast-json-stringify serialises records from it), the
 * paginated envelope, and the query parameters of list and retrieve.
 *
 * Nullable fields use a type array (`["string", "null"]`), which the serialiser handles without a runtime
 * check and the OpenAPI 3.0 document turns into `nullable: true`. Only an expandable relation needs a union
 * (an id, or the related record when expanded); its id branch comes first so an id is matched at once.
 */

const nullable = (type: string, nullableField: boolean, extra: Record<string, unknown> = {}): TSchema =>
  Type.Unsafe({ type: nullableField ? [type, 'null'] : type, ...extra })

const FREE_OBJECT = { additionalProperties: true }

export class DataSchemas {
  /**
   * The schemas of a catalogue, shared by every app of the process (the catalogue is immutable): building
   * them again for each app, three times, was a tenth of an app's start.
   */
  static readonly of = oncePer((catalogue: Catalogue) => new DataSchemas(catalogue))

  readonly #catalogue: Catalogue
  readonly #records = new Map<string, TSchema>()
  readonly #plain = new Map<string, TSchema>()

  constructor (catalogue: Catalogue) {
    this.#catalogue = catalogue
  }

  /** A model's record as list and retrieve answer it: expandable relations may hold the related record. */
  record (model: ModelDef): TSchema {
    let schema = this.#records.get(model.id)
    if (schema === undefined) {
      schema = this.#object(model.category, model.fields, true, `${model.name} (${model.id})`, model.id)
      this.#records.set(model.id, schema)
    }
    return schema
  }

  /** A related record as `expand` inlines it: its own relations stay ids. */
  #plainRecord (model: ModelDef): TSchema {
    let schema = this.#plain.get(model.id)
    if (schema === undefined) {
      schema = this.#object(model.category, model.fields, false, `${model.name} (${model.id}), inlined by expand`, `${model.id}.inline`)
      this.#plain.set(model.id, schema)
    }
    return schema
  }

  list (model: ModelDef): TSchema {
    return Type.Object({
      next: nullable('string', true, { description: 'cursor of the next page; null on the last page' }),
      previous: nullable('string', true, { description: 'cursor of the previous page; null on the first page' }),
      results: Type.Array(this.record(model))
    }, { description: `Paginated${model.name}List`, title: `${model.category}.Paginated${model.name}List` })
  }

  /** `title` names the schema's shared component in the OpenAPI document (src/http/openapi/components.ts). */
  #object (category: DataCategory, fields: readonly FieldDef[], expandable: boolean, description: string, title: string): TSchema {
    const properties: Record<string, TSchema> = {}
    for (const f of fields) properties[f.name] = this.#field(category, f, expandable)
    return Type.Object(properties, { description, title })
  }

  /** A sub-object served on its own (GET accounting/v1/addresses/{id}). */
  subObject (category: DataCategory, name: string): TSchema {
    return this.#sub(category, name)
  }

  /** The query of a sub-object's retrieve: the real service's parameters, none of which changes the answer. */
  subObjectQuery (params: readonly string[]): TSchema {
    const properties: Record<string, TSchema> = {}
    for (const p of params) properties[p] = Type.Optional(BOOLEAN_PARAMS.has(p) ? Type.Boolean({ description: PARAM_HELP[p] }) : Type.String({ description: PARAM_HELP[p] }))
    return Type.Object(properties)
  }

  #sub (category: DataCategory, name: string): TSchema {
    const sub = this.#catalogue.subObject(category, name)
    return this.#object(category, sub.fields, false, name, `${category}.${name}`)
  }

  #field (category: DataCategory, f: FieldDef, expandable: boolean): TSchema {
    const s = f.shape
    const n = f.nullable
    switch (s.t) {
      case 'id': return nullable('string', n, { format: 'uuid' })
      case 'remote_id': return nullable('string', n, { description: 'the third party\'s own id' })
      case 'created_at': return nullable('string', n, { format: 'date-time', description: 'when the record was first synced' })
      case 'modified_at': return nullable('string', n, { format: 'date-time', description: 'when a sync last wrote a change of this record' })
      case 'remote_was_deleted': return nullable('boolean', n)
      case 'field_mappings': return nullable('object', n, FREE_OBJECT)
      case 'remote_data': return Type.Unsafe({
        type: n ? ['array', 'null'] : 'array',
        items: Type.Object({ path: Type.String(), data: Type.Unknown() }),
        description: 'null unless include_remote_data=true'
      })
      case 'string': return nullable('string', n, s.format === 'email' || s.format === 'uri' ? { format: s.format } : {})
      case 'decimal': return nullable('string', n, { description: 'a decimal number as a string' })
      case 'datetime': return nullable('string', n, { format: 'date-time' })
      case 'integer': return nullable('integer', n)
      case 'number': return nullable('number', n)
      case 'boolean': return nullable('boolean', n)
      case 'enum': return nullable('string', n, s.values.length > 0 ? { enum: n ? [...s.values, null] : [...s.values] } : {})
      case 'enum-list': return nullable('array', n, { items: { type: 'string', enum: [...s.values] } })
      case 'string-list': return nullable('array', n, { items: { type: 'string' } })
      case 'object': return nullable('object', n, FREE_OBJECT)
      case 'object-list':
      case 'remote-fields': return nullable('array', n, { items: { type: 'object', additionalProperties: true } })
      case 'any': return Type.Unknown()
      case 'embedded': {
        const item = this.#sub(category, s.sub)
        return s.many ? nullable('array', n, { items: item }) : Type.Union([item, Type.Null()])
      }
      case 'embedded-model':
        return nullable('array', n, { items: this.#plainRecord(this.#catalogue.model(category, s.target)) })
      case 'ref': {
        const id = { type: n && !s.many ? ['string', 'null'] : 'string', description: `id of a ${s.target}` }
        let item: TSchema = Type.Unsafe(id)
        if (expandable && s.expandable) {
          const inlined = s.to === 'model' ? this.#plainRecord(this.#catalogue.model(category, s.target)) : this.#sub(category, s.target)
          item = Type.Unsafe({ anyOf: [id, inlined], description: `id of a ${s.target}, or the ${s.target} itself when expanded` })
        }
        return s.many ? nullable('array', n, { items: item }) : item
      }
    }
  }

  /**
   * Query parameters of a list endpoint: the catalogue's, typed. Kept per model, like the records: the data
   * routes validate each request by the schema object's compiled validator, found by identity.
   */
  listQuery (model: ModelDef): TSchema {
    return this.#query(this.#listQueries, model, model.listParams)
  }

  retrieveQuery (model: ModelDef): TSchema {
    return this.#query(this.#retrieveQueries, model, model.retrieveParams)
  }

  readonly #listQueries = new Map<string, TSchema>()
  readonly #retrieveQueries = new Map<string, TSchema>()

  #query (kept: Map<string, TSchema>, model: ModelDef, params: readonly string[]): TSchema {
    let schema = kept.get(model.id)
    if (schema === undefined) {
      const properties: Record<string, TSchema> = {}
      for (const p of params) properties[p] = Type.Optional(queryParam(p, model))
      schema = Type.Object(properties)
      kept.set(model.id, schema)
    }
    return schema
  }
}

const BOOLEAN_PARAMS = new Set(['include_deleted_data', 'include_remote_data', 'include_shell_data', 'include_remote_fields', 'include_sensitive_fields'])

const PARAM_HELP: Readonly<Record<string, string>> = {
  cursor: 'the next or previous value of an earlier page, unchanged',
  page_size: `records per page: ${PAGE_SIZE_DEFAULT} by default, at most ${PAGE_SIZE_MAX} (larger values are capped)`,
  modified_after: 'only records synced strictly after this ISO 8601 instant',
  modified_before: 'only records synced strictly before this ISO 8601 instant',
  created_after: 'only records first synced strictly after this ISO 8601 instant',
  created_before: 'only records first synced strictly before this ISO 8601 instant',
  include_deleted_data: 'also records deleted in the third-party system',
  include_remote_data: 'fill remote_data with the original payload',
  include_sensitive_fields: 'include sensitive fields such as ssn',
  include_shell_data: 'accepted; unimock has no shell records',
  include_remote_fields: 'fill remote_fields with the third party\'s custom fields (their classes: GET .../remote-field-classes)',
  remote_fields: 'accepted; enums are always the normalised values',
  show_enum_origins: 'accepted; enums are always the normalised values',
  expand: 'comma-separated relation names to inline the related records',
  remote_id: 'only the record with this third-party id'
}

/** An include_* flag as every list declares it, for other routes taking the same flag (OpenAPI hoists it once). */
export function includeFlag (name: 'include_deleted_data' | 'include_remote_data' | 'include_shell_data' | 'include_remote_fields'): TSchema {
  return Type.Boolean({ description: PARAM_HELP[name] })
}

/** Paging and window parameters as every list declares them, for lists outside the catalogue (custom objects). */
export const LIST_PARAMS = {
  cursor: Type.Optional(Type.String({ description: PARAM_HELP.cursor })),
  page_size: Type.Optional(PageSizeParam(PARAM_HELP.page_size)),
  created_after: Type.Optional(Type.String({ description: PARAM_HELP.created_after })),
  created_before: Type.Optional(Type.String({ description: PARAM_HELP.created_before })),
  modified_after: Type.Optional(Type.String({ description: PARAM_HELP.modified_after })),
  modified_before: Type.Optional(Type.String({ description: PARAM_HELP.modified_before })),
  remote_id: Type.Optional(Type.String({ description: PARAM_HELP.remote_id }))
}

function queryParam (name: string, model: ModelDef): TSchema {
  if (name === 'page_size') return PageSizeParam(PARAM_HELP.page_size)
  if (BOOLEAN_PARAMS.has(name)) return Type.Boolean({ description: PARAM_HELP[name] })
  if (GENERIC_LIST_PARAMS.has(name)) return Type.String({ description: PARAM_HELP[name] })
  if (model.unsupportedParams.includes(name)) return Type.String({ description: 'a filter of the real service that unimock does not simulate: a request using it is refused with 400' })
  const filter = model.filters.find((f) => f.param === name)
  const description = filter === undefined ? '' : `filter on ${filter.field} (${FILTER_HELP[filter.kind](filter)})`
  // The spec types include_cancelled, root_message and is_private as strings, boolean in meaning: they are read as
  // every boolean query value is (src/core/query-boolean.ts), and a value that is none is refused.
  return filter !== undefined && isBooleanFilter(filter) ? Type.Boolean({ description }) : Type.String({ description })
}

const isBooleanFilter = (filter: Filter): boolean =>
  filter.kind === 'hidden-unless' || filter.kind === 'root' || (filter.kind === 'equals' && filter.value === 'boolean')

const FILTER_HELP: Readonly<Record<Filter['kind'], (f: Filter) => string>> = {
  equals: () => 'exact match',
  ref: () => 'exact match',
  in: () => 'any of comma-separated values',
  contains: () => 'any of comma-separated values',
  range: (f) => `${f.kind === 'range' ? f.bound : ''}, ISO 8601, strict`,
  'hidden-unless': () => 'records where it is true are left out unless this is true',
  root: () => 'true: only records where it is null'
}
