import { appError } from '../../../core/errors.js'
import type { ModelDef } from '../../base/catalogue/catalogue.js'
import type { DefaultScope } from './default-scope-repository.js'
import type { ScopeOverride } from './scope-repository.js'

/*
 * How scopes combine, as functions of their inputs: the fields a scope can turn off, the items a request may
 * send, an account's effective scope over the defaults, and the view the API answers.
 */

/** Fields every record keeps whatever the scopes: they identify and stamp the record rather than describe it. */
const ALWAYS_ENABLED = new Set(['id', 'remote_id', 'created_at', 'modified_at', 'remote_was_deleted', 'field_mappings', 'remote_data', 'remote_fields'])

/** The fields of a model that scopes can turn off. */
export function scopableFields (model: ModelDef): string[] {
  return model.fields.map((f) => f.name).filter((name) => !ALWAYS_ENABLED.has(name))
}

export interface ModelScope {
  model_name: string
  model_permissions: { READ: { is_enabled: boolean }, WRITE: { is_enabled: boolean } }
  field_permissions: { enabled_fields: string[], disabled_fields: string[] }
}

export interface ScopeRequestItem {
  model_name: string
  model_permissions?: Record<string, { is_enabled?: boolean | null }> | null
  field_permissions?: { enabled_fields?: unknown[] | null, disabled_fields?: unknown[] | null } | null
}

/** A request's item, checked against the catalogue. */
export interface CheckedItem {
  readonly model: ModelDef
  readonly read: boolean | null | undefined
  readonly write: boolean | null | undefined
  readonly enable: readonly string[]
  readonly disable: readonly string[]
}

/** Every item checked before anything is stored: an unknown model, permission or field is a 400. */
export function checkScopeItems (models: readonly ModelDef[], category: string, items: readonly ScopeRequestItem[]): CheckedItem[] {
  const byName = new Map(models.map((m) => [m.name, m]))
  return items.map((item) => {
    const model = byName.get(item.model_name)
    if (model === undefined) throw appError('SCOPES_UNKNOWN_MODEL', { model: item.model_name, category, allowed: models.map((m) => m.name).join(', ') })
    const permissions = item.model_permissions ?? {}
    for (const key of Object.keys(permissions)) if (key !== 'READ' && key !== 'WRITE') throw appError('SCOPES_BAD_PERMISSION', { model: model.name, key })
    const scopable = scopableFields(model)
    const fieldList = (list: unknown[] | null | undefined): string[] => (list ?? []).map((f) => {
      if (typeof f !== 'string' || !scopable.includes(f)) throw appError('SCOPES_UNKNOWN_FIELD', { model: model.name, field: String(f), allowed: scopable.join(', ') })
      return f
    })
    const enable = fieldList(item.field_permissions?.enabled_fields)
    const disable = fieldList(item.field_permissions?.disabled_fields)
    const both = enable.find((f) => disable.includes(f))
    if (both !== undefined) throw appError('SCOPES_FIELD_CONFLICT', { model: model.name, field: both })
    return { model, read: permissions.READ?.is_enabled, write: permissions.WRITE?.is_enabled, enable, disable }
  })
}

/** The account's own scopes over the defaults over "everything enabled". */
export function effective (model: ModelDef, def: DefaultScope | undefined, own: ScopeOverride | undefined): DefaultScope {
  const disabled = new Set(def?.disabledFields ?? [])
  for (const f of own?.disabledFields ?? []) disabled.add(f)
  for (const f of own?.enabledFields ?? []) disabled.delete(f)
  return {
    modelName: model.name,
    read: own?.read ?? def?.read ?? true,
    write: own?.write ?? def?.write ?? true,
    disabledFields: scopableFields(model).filter((f) => disabled.has(f))
  }
}

export function scopeView (model: ModelDef, scope: DefaultScope): ModelScope {
  const disabled = new Set(scope.disabledFields)
  const fields = scopableFields(model)
  return {
    model_name: model.name,
    model_permissions: { READ: { is_enabled: scope.read }, WRITE: { is_enabled: scope.write } },
    field_permissions: { enabled_fields: fields.filter((f) => !disabled.has(f)), disabled_fields: fields.filter((f) => disabled.has(f)) }
  }
}
