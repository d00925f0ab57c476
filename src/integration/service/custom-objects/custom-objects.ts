import type { Clock } from '../../../core/clock.js'
import { appError } from '../../../core/errors.js'
import { between, combine, hashText, pick, stableUuid } from '../../../core/hash.js'
import type { Ids } from '../../../core/ids.js'
import { iso } from '../../../core/iso.js'
import { isObject, problem, type WriteProblem } from '../writes/validation.js'
import { inWindow, type ListFilters } from './list-filters.js'
import type { CustomObjectRepository, StoredAssociation } from './repository.js'

export type Json = Record<string, unknown>

/** A custom object class of the account as reads show it, with its fields expanded. */
export interface ObjectClass extends Json {
  readonly id: string
  readonly remote_id: string | null
  readonly created_at: string
  readonly modified_at: string
  readonly name: string | null
  readonly fields: ReadonlyArray<{ remote_key_name?: string | null, display_name?: string | null, field_type?: string, is_required?: boolean, field_choices?: ReadonlyArray<{ value?: unknown }> }>
}

export interface CustomObjectsDeps {
  readonly repo: CustomObjectRepository
  readonly ids: Ids
  readonly clock: Clock
  /** The account's custom object classes (the first 100), as reads show them with `expand=fields`. */
  readonly classes: (accountId: string) => readonly ObjectClass[]
}

export interface WriteEnvelope { readonly status: number, readonly body: Json }

export const CARDINALITIES = ['ONE_TO_ONE', 'MANY_TO_ONE', 'MANY_TO_MANY', 'ONE_TO_MANY'] as const
export const ORIGIN_TYPES = ['CUSTOM_OBJECT', 'COMMON_MODEL', 'REMOTE_ONLY_MODEL'] as const

/** A field's value in a generated object: what its type and choices allow. */
function generatedValue (field: ObjectClass['fields'][number], h: number): unknown {
  const choices = (field.field_choices ?? []).map((c) => c.value).filter((v) => v !== undefined && v !== null)
  switch (field.field_type) {
    case 'number': return between(h, 1, 1000)
    case 'bool': return (h & 1) === 1
    case 'date': return new Date(Date.UTC(2026, 0, 1 + between(h, 0, 364))).toISOString().slice(0, 10)
    case 'datetime': return new Date(Date.UTC(2026, 0, 1, 0, 0, 0) + between(h, 0, 364 * 24) * 3_600_000).toISOString()
    case 'list': return choices.length === 0 ? [] : [pick(h, choices)]
    default: return choices.length > 0 ? pick(h, choices) : `${field.display_name ?? field.remote_key_name ?? 'value'} ${between(h, 1, 99)}`
  }
}

/** Whether a value sent for a field fits its type. */
function fits (fieldType: string | undefined, value: unknown): boolean {
  if (value === null) return true
  switch (fieldType) {
    case 'number': return typeof value === 'number' && Number.isFinite(value)
    case 'bool': return typeof value === 'boolean'
    case 'date': case 'datetime': return typeof value === 'string' && !Number.isNaN(Date.parse(value))
    case 'list': return Array.isArray(value)
    default: return typeof value === 'string'
  }
}

/**
 * CRM custom objects, their association types and associations. Each custom object class of the account has a
 * few objects and one association type (to the next class) generated from the class itself, so the same class
 * always shows the same ones; what the API writes is stored beside them. Objects carry one value per field of
 * their class; associations join objects along an association type of the source's class.
 */
export class CustomObjects {
  readonly #d: CustomObjectsDeps

  constructor (deps: CustomObjectsDeps) {
    this.#d = deps
  }

  /** The class, or a 404 naming it. */
  objectClass (accountId: string, classId: string): ObjectClass {
    const found = this.#d.classes(accountId).find((c) => c.id === classId)
    if (found === undefined) throw appError('CUSTOM_OBJECT_CLASS_NOT_FOUND', { id: classId })
    return found
  }

  objects (accountId: string, classId: string, filters: ListFilters = {}, remoteFields = false): Json[] {
    const c = this.objectClass(accountId, classId)
    const generated = Array.from({ length: between(hashText(`${c.id}:objects`), 2, 6) }, (_, i) => ({
      id: stableUuid(`${c.id}:custom-object:${i}`),
      remote_id: `${String(c.remote_id)}-${i + 1}`,
      created_at: c.created_at,
      modified_at: c.modified_at,
      object_class: c.id,
      fields: Object.fromEntries(c.fields.filter((f) => typeof f.remote_key_name === 'string').map((f, j) => [f.remote_key_name, generatedValue(f, combine(hashText(`${c.id}:${i}`), j))]))
    }))
    const stored = this.#d.repo.objects(accountId, c.id).map((o) => ({
      id: o.id, remote_id: o.remoteId, created_at: iso(o.createdAt)!, modified_at: iso(o.createdAt)!, object_class: c.id, fields: o.fields
    }))
    return [...generated, ...stored]
      .filter((o) => inWindow(filters, o.created_at, o.modified_at, o.remote_id))
      .map((o) => remoteFields ? { ...o, remote_fields: Object.entries(o.fields).map(([key, value]) => ({ remote_field_class: stableUuid(`${c.id}:field:${key}`), value })) } : o)
  }

  object (accountId: string, classId: string, id: string, remoteFields = false): Json {
    const found = this.objects(accountId, classId, {}, remoteFields).find((o) => o.id === id)
    if (found === undefined) throw appError('CUSTOM_OBJECT_NOT_FOUND', { id, classId })
    return found
  }

  /** POST .../custom-objects: `{model: {fields}}`; unknown keys warn, a missing required field or a wrong type is an error. */
  createObject (accountId: string, classId: string, body: unknown): WriteEnvelope {
    const c = this.objectClass(accountId, classId)
    const model = isObject(body) ? body.model : undefined
    const fields = isObject(model) ? model.fields : undefined
    if (!isObject(fields)) return invalid([problem('model/fields', 'MISSING_REQUIRED_FIELD', 'Missing Required Field', 'model.fields is required: an object of the class\'s field values by remote key name.')])
    const known = new Map(c.fields.filter((f) => typeof f.remote_key_name === 'string').map((f) => [f.remote_key_name!, f]))
    const warnings: WriteProblem[] = []
    const errors: WriteProblem[] = []
    const kept: Json = {}
    for (const [key, value] of Object.entries(fields)) {
      const field = known.get(key)
      if (field === undefined) {
        warnings.push(problem(`model/fields/${key}`, 'UNRECOGNIZED_FIELD', 'Unrecognized Field', `${c.name ?? 'The class'} has no field ${key}; it was ignored. GET .../custom-objects/meta/post lists the fields.`))
      } else if (!fits(field.field_type, value)) {
        errors.push(problem(`model/fields/${key}`, 'INCORRECT_FIELD_TYPE', 'Incorrect Field Type', `${key} takes a ${field.field_type ?? 'string'}.`))
      } else {
        kept[key] = value
      }
    }
    for (const [key, f] of known) {
      if (f.is_required === true && !(key in fields)) errors.push(problem(`model/fields/${key}`, 'MISSING_REQUIRED_FIELD', 'Missing Required Field', `${key} is required by ${c.name ?? 'the class'}.`))
    }
    if (errors.length > 0) return invalid(errors, warnings)
    const now = this.#d.clock.now()
    const id = this.#d.ids.uuid()
    this.#d.repo.addObject(accountId, { id, classId: c.id, remoteId: `${String(c.remote_id)}-w${this.#d.repo.objects(accountId, c.id).length + 1}`, fields: kept, createdAt: now })
    return { status: 201, body: { model: this.object(accountId, c.id, id), warnings, errors: [] } }
  }

  associationTypes (accountId: string, classId: string, filters: ListFilters = {}): Json[] {
    const c = this.objectClass(accountId, classId)
    const classes = this.#d.classes(accountId)
    const next = classes[(classes.findIndex((x) => x.id === c.id) + 1) % classes.length]!
    const generated: Json & { id: string, remote_id: string, created_at: string, modified_at: string } = {
      id: stableUuid(`${c.id}:association-type`),
      remote_id: `${String(c.remote_id)}-to-${String(next.remote_id)}`,
      created_at: c.created_at,
      modified_at: c.modified_at,
      source_object_class: { id: c.id, origin_type: 'CUSTOM_OBJECT' },
      target_object_classes: [{ id: next.id, origin_type: 'CUSTOM_OBJECT' }],
      remote_key_name: `${slug(c.name)}_to_${slug(next.name)}`,
      display_name: `${c.name ?? 'Object'} to ${next.name ?? 'Object'}`,
      cardinality: pick(hashText(`${c.id}:cardinality`), CARDINALITIES),
      is_required: false
    }
    const stored = this.#d.repo.types(accountId, c.id).map((t): typeof generated => ({ id: t.id, remote_id: t.remoteId, created_at: iso(t.createdAt)!, modified_at: iso(t.createdAt)!, ...t.body }))
    return [generated, ...stored]
      .filter((t) => inWindow(filters, t.created_at, t.modified_at, t.remote_id))
      .map((t) => ({ ...t, target_object_classes: (t.target_object_classes as Json[]).map((x) => subType(x, t)) }))
  }

  associationType (accountId: string, classId: string, id: string): Json {
    const found = this.associationTypes(accountId, classId).find((t) => t.id === id)
    if (found === undefined) throw appError('ASSOCIATION_TYPE_NOT_FOUND', { id, classId })
    return found
  }

  /** POST .../association-types: `{model: AssociationTypeRequest}`; custom-object classes named must be the account's. */
  createAssociationType (accountId: string, classId: string, body: unknown): WriteEnvelope {
    const c = this.objectClass(accountId, classId)
    const m = isObject(body) ? body.model : undefined
    if (!isObject(m)) return invalid([problem('model', 'MISSING_REQUIRED_FIELD', 'Missing Required Field', 'model is required: {source_object_class, target_object_classes, remote_key_name, ...}.')])
    const errors: WriteProblem[] = []
    const classIds = new Set(this.#d.classes(accountId).map((x) => x.id))
    const description = (v: unknown, pointer: string): Json | undefined => {
      if (!isObject(v) || typeof v.id !== 'string' || !(ORIGIN_TYPES as readonly unknown[]).includes(v.origin_type)) {
        errors.push(problem(pointer, 'INVALID_FIELD', 'Invalid Field', `${pointer.replaceAll('/', '.')} takes {id, origin_type} with origin_type one of ${ORIGIN_TYPES.join(', ')}.`))
        return undefined
      }
      if (v.origin_type === 'CUSTOM_OBJECT' && !classIds.has(v.id)) errors.push(problem(`${pointer}/id`, 'ERROR', 'Related Record Not Found', `No custom object class ${v.id} in this linked account.`))
      return { id: v.id, origin_type: v.origin_type }
    }
    const source = description(m.source_object_class, 'model/source_object_class')
    if (source !== undefined && source.id !== c.id) errors.push(problem('model/source_object_class/id', 'ERROR', 'Invalid Source', `The source class of an association type created under ${c.id} is that class.`))
    const listed = Array.isArray(m.target_object_classes) && m.target_object_classes.length > 0
    if (!listed) errors.push(problem('model/target_object_classes', 'MISSING_REQUIRED_FIELD', 'Missing Required Field', 'target_object_classes is required: a non-empty list of {id, origin_type}.'))
    const targets = listed ? (m.target_object_classes as unknown[]).map((t, i) => description(t, `model/target_object_classes/${i}`)) : []
    if (typeof m.remote_key_name !== 'string' || m.remote_key_name === '') errors.push(problem('model/remote_key_name', 'MISSING_REQUIRED_FIELD', 'Missing Required Field', 'remote_key_name is required.'))
    if (m.cardinality !== undefined && m.cardinality !== null && !(CARDINALITIES as readonly unknown[]).includes(m.cardinality)) errors.push(problem('model/cardinality', 'INVALID_FIELD', 'Invalid Field', `cardinality is one of ${CARDINALITIES.join(', ')}.`))
    if (m.is_required !== undefined && m.is_required !== null && typeof m.is_required !== 'boolean') errors.push(problem('model/is_required', 'INCORRECT_FIELD_TYPE', 'Incorrect Field Type', 'is_required is a boolean.'))
    if (errors.length > 0) return invalid(errors)
    const now = this.#d.clock.now()
    const id = this.#d.ids.uuid()
    this.#d.repo.addType(accountId, {
      id,
      classId: c.id,
      remoteId: String(m.remote_key_name),
      createdAt: now,
      body: {
        source_object_class: source,
        target_object_classes: targets,
        remote_key_name: m.remote_key_name,
        display_name: typeof m.display_name === 'string' ? m.display_name : m.remote_key_name,
        cardinality: m.cardinality ?? 'MANY_TO_MANY',
        is_required: m.is_required ?? false
      }
    })
    return { status: 201, body: { model: this.associationType(accountId, c.id, id), warnings: [], errors: [] } }
  }

  /** The associations of one object: generated along its class's association type, then those the API put. */
  associations (accountId: string, classId: string, objectId: string, filters: ListFilters & { association_type_id?: string | undefined } = {}, expandType = false): Json[] {
    const object = this.object(accountId, classId, objectId)
    const types = this.associationTypes(accountId, classId)
    const generated: StoredAssociation[] = []
    const first = types[0]!
    const target = (first.target_object_classes as Json[])[0]!
    const candidates = this.objects(accountId, String(target.id))
    if (candidates.length > 0) {
      const to = candidates[between(hashText(`${objectId}:associated`), 0, candidates.length - 1)]!
      const at = Date.parse(String(object.modified_at))
      generated.push({ sourceObject: objectId, targetObject: String(to.id), associationType: String(first.id), createdAt: at, modifiedAt: at })
    }
    return [...generated, ...this.#d.repo.associations(accountId, objectId)]
      .filter((a) => filters.association_type_id === undefined || a.associationType === filters.association_type_id)
      // Every association's type is one of the source class's: PUT refuses any other.
      .map((a) => association(a, expandType ? types.find((t) => t.id === a.associationType) : undefined))
      .filter((a) => inWindow(filters, String(a.created_at), String(a.modified_at), undefined))
  }

  /** PUT .../associations/{target_class_id}/{target_object_id}/{association_type_id}: joins two objects (again: a new modified_at). */
  associate (accountId: string, sourceClassId: string, sourceObjectId: string, targetClassId: string, targetObjectId: string, typeId: string): Json {
    this.object(accountId, sourceClassId, sourceObjectId)
    this.object(accountId, targetClassId, targetObjectId)
    const type = this.associationType(accountId, sourceClassId, typeId)
    if (!(type.target_object_classes as Json[]).some((t) => t.id === targetClassId)) {
      throw appError('ASSOCIATION_TYPE_TARGET', { typeId, targetClassId })
    }
    const now = this.#d.clock.now()
    return association(this.#d.repo.putAssociation(accountId, { sourceObject: sourceObjectId, targetObject: targetObjectId, associationType: typeId, createdAt: now }, now))
  }

  forgetAccount (accountId: string): void { this.#d.repo.forgetAccount(accountId) }
  clear (): void { this.#d.repo.clear() }
}

const slug = (name: string | null): string => (name ?? 'object').toLowerCase().replace(/[^a-z0-9]+/g, '_')

const invalid = (errors: WriteProblem[], warnings: WriteProblem[] = []): WriteEnvelope => ({ status: 400, body: { model: null, warnings, errors } })

/** An AssociationSubType: the class's id and origin with the type's timestamps (expand changes nothing: the client's shape has no more). */
function subType (x: Json, t: Json): Json {
  return { id: x.id, created_at: t.created_at, modified_at: t.modified_at, origin_type: x.origin_type }
}

function association (a: StoredAssociation, type?: Json | string): Json {
  return { created_at: iso(a.createdAt), modified_at: iso(a.modifiedAt), source_object: a.sourceObject, target_object: a.targetObject, association_type: type ?? a.associationType }
}
