import type { ApiRevision, DataCategory, FieldDef, Shape } from './definitions.js'
import type { RawCatalogue, RawField } from './raw-catalogue.js'

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

function singular (plural: string): string {
  if (plural.endsWith('ies')) return plural.slice(0, -3) + 'y'
  return plural.endsWith('s') ? plural.slice(0, -1) : plural
}

function pascal (snake: string): string {
  return snake.split('_').map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('')
}

/**
 * How each field of the fixture becomes a Shape: its type and enum values, and whether it holds ids of
 * another record (a relation, expandable or not) or embeds sub-objects; and which fields a revision serves.
 */
export class FieldShapes {
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
    // A uuid named `<model>_id` (a chat message's `conversation_id`, its `root_message_id`) holds that model's ids.
    const stem = name.endsWith('_id') ? name.slice(0, -3).replace(/^root_/, '') : undefined
    const candidates = [aliased, pascal(name), name.startsWith('parent_') ? pascal(name.slice(7)) : undefined, stem === undefined ? undefined : pascal(stem)]
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
      // Dates listed as values (a calendar Series' additional_dates): strings the generator writes as date-times.
      if (items === 'string(date-time)') return { t: 'string-list' }
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
}
