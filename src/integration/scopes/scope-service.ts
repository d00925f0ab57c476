import type { Clock } from '../../core/clock.js'
import { appError } from '../../core/errors.js'
import type { Emitter } from '../../core/events.js'
import type { Db } from '../../store/database.js'
import type { Catalogue, ModelDef } from '../data/catalogue.js'
import type { ScopeEvents } from './scope-events.js'
import type { ScopeRepository, StoredScope } from './scope-repository.js'
import type { ScopesPort } from './scopes-port.js'

/** Fields every record keeps whatever the scopes: they identify and stamp the record rather than describe it. */
const ALWAYS_ENABLED = new Set(['id', 'remote_id', 'created_at', 'modified_at', 'remote_was_deleted', 'field_mappings', 'remote_data', 'remote_fields'])

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

/** What scopes need of the sync domain: READ is whether a model syncs. */
export interface ScopeSyncPort {
  readEnabled(accountId: string): ReadonlyMap<string, boolean>
  setReadEnabled(accountId: string, modelId: string, enabled: boolean, now: number): void
}

export interface ScopeServiceDeps {
  readonly db: Db
  readonly clock: Clock
  readonly catalogue: Catalogue
  readonly repo: ScopeRepository
  readonly sync: ScopeSyncPort
  readonly events: Emitter<ScopeEvents>
}

/**
 * Common model scopes (facts §11): the organization's defaults (everything enabled: unimock has no dashboard
 * to narrow them) and each linked account's own, which fall back to the defaults for anything not set. A model
 * without READ never syncs (sync status DISABLED); without WRITE, writes fail with DISABLED_MODEL_WRITE; a
 * disabled field reads null.
 */
export class ScopeService implements ScopesPort {
  readonly #d: ScopeServiceDeps

  constructor (deps: ScopeServiceDeps) {
    this.#d = deps
  }

  static scopableFields (model: ModelDef): string[] {
    return model.fields.map((f) => f.name).filter((name) => !ALWAYS_ENABLED.has(name))
  }

  /** GET default-scopes: every model of the category, everything enabled. */
  defaults (category: string): { common_models: ModelScope[] } {
    return { common_models: this.#d.catalogue.inCategory(category).map((m) => view(m, true, undefined)) }
  }

  /** GET linked-account-scopes: the account's effective scopes, every model of its category. */
  forAccount (accountId: string, category: string): { common_models: ModelScope[] } {
    const read = this.#d.sync.readEnabled(accountId)
    const stored = this.#d.repo.byAccount(accountId)
    return { common_models: this.#d.catalogue.inCategory(category).map((m) => view(m, read.get(m.id) ?? true, stored.get(m.name))) }
  }

  /**
   * POST linked-account-scopes: checks every item first (an unknown model, permission or field changes
   * nothing), then applies them in one transaction and answers the effective scopes.
   */
  update (tenantId: number, accountId: string, category: string, items: readonly ScopeRequestItem[]): { common_models: ModelScope[] } {
    const models = this.#d.catalogue.inCategory(category)
    const byName = new Map(models.map((m) => [m.name, m]))
    const checked = items.map((item) => {
      const model = byName.get(item.model_name)
      if (model === undefined) throw appError('SCOPES_UNKNOWN_MODEL', { model: item.model_name, category, allowed: models.map((m) => m.name).join(', ') })
      const permissions = item.model_permissions ?? {}
      for (const key of Object.keys(permissions)) if (key !== 'READ' && key !== 'WRITE') throw appError('SCOPES_BAD_PERMISSION', { model: model.name, key })
      const scopable = ScopeService.scopableFields(model)
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
    const now = this.#d.clock.now()
    this.#d.db.transaction(() => {
      const stored = this.#d.repo.byAccount(accountId)
      for (const c of checked) {
        if (typeof c.read === 'boolean') this.#d.sync.setReadEnabled(accountId, c.model.id, c.read, now)
        const before = stored.get(c.model.name)
        const disabled = new Set(before?.disabledFields ?? [])
        for (const f of c.enable) disabled.delete(f)
        for (const f of c.disable) disabled.add(f)
        const order = ScopeService.scopableFields(c.model)
        this.#d.repo.save(accountId, {
          modelName: c.model.name,
          writeEnabled: typeof c.write === 'boolean' ? c.write : before?.writeEnabled ?? true,
          disabledFields: order.filter((f) => disabled.has(f))
        })
      }
      this.#d.events.emit('scopes:changed', { tenantId, accountId, models: checked.map((c) => c.model.name), at: now })
    })()
    return this.forAccount(accountId, category)
  }

  modelEnabled (accountId: string, modelName: string): boolean {
    // The account's sync states name its category's models only: `{category}.{modelName}`.
    for (const [modelId, enabled] of this.#d.sync.readEnabled(accountId)) if (modelId.endsWith(`.${modelName}`)) return enabled
    return true
  }

  writeEnabled (accountId: string, modelName: string): boolean {
    return this.#d.repo.byAccount(accountId).get(modelName)?.writeEnabled ?? true
  }

  disabledFields (accountId: string, modelName: string): ReadonlySet<string> {
    return new Set(this.#d.repo.byAccount(accountId).get(modelName)?.disabledFields ?? [])
  }

  clear (): void { this.#d.repo.clear() }
}

function view (model: ModelDef, read: boolean, stored: StoredScope | undefined): ModelScope {
  const disabled = new Set(stored?.disabledFields ?? [])
  const fields = ScopeService.scopableFields(model)
  return {
    model_name: model.name,
    model_permissions: { READ: { is_enabled: read }, WRITE: { is_enabled: stored?.writeEnabled ?? true } },
    field_permissions: { enabled_fields: fields.filter((f) => !disabled.has(f)), disabled_fields: fields.filter((f) => disabled.has(f)) }
  }
}
