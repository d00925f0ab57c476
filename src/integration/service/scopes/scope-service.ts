import type { Clock } from '../../../core/clock.js'
import type { Emitter } from '../../../core/events.js'
import type { Db } from '../../../store/database.js'
import type { Catalogue, ModelDef } from '../../base/catalogue/catalogue.js'
import type { DefaultScope, DefaultScopeRepository } from './default-scope-repository.js'
import { type Effective, EffectiveScopes } from './effective-scopes.js'
import type { ScopeEvents } from './scope-events.js'
import type { ScopeRepository } from './scope-repository.js'
import { type CheckedItem, checkScopeItems, effective, type ModelScope, type ScopeRequestItem, scopableFields, scopeView } from './scope-rules.js'
import type { ScopesPort } from './scopes-port.js'

/** One model of a link token's `common_models`: what the account gets instead of the defaults. */
export interface LinkModelScope {
  readonly modelId: string
  readonly read: boolean
  readonly write: boolean
  readonly disabledFields: readonly string[]
}

/** What scopes need of the sync domain: READ is whether a model syncs. */
export interface ScopeSyncPort {
  /** The account's models and whether each may sync; empty before the account has a sync state. */
  readEnabled(accountId: string): ReadonlyMap<string, boolean>
  /** Whether one model of the account may sync, or undefined when the account has no state for it. */
  modelReadEnabled(accountId: string, modelName: string): boolean | undefined
  setReadEnabled(accountId: string, modelId: string, enabled: boolean, now: number): void
  /** Whether a sync of the account ever started; until then its models' READ is set by initialScope. */
  started(accountId: string): boolean
  initialScope(accountId: string, category: string, disabledModelIds: readonly string[], now: number): void
}

export interface ScopedAccount {
  readonly id: string
  readonly tenantId: number
  readonly category: string
  /** INCOMPLETE until the link flow completes: such an account has no syncs to start yet. */
  readonly status?: string
}

export interface ScopeServiceDeps {
  readonly db: Db
  readonly clock: Clock
  readonly catalogue: Catalogue
  readonly repo: ScopeRepository
  readonly defaults: DefaultScopeRepository
  readonly sync: ScopeSyncPort
  readonly account: (id: string) => ScopedAccount | undefined
  readonly accounts: (tenantId: number) => readonly ScopedAccount[]
  readonly events: Emitter<ScopeEvents>
}

/**
 * Common model scopes (facts §11): the organization's defaults per category (everything enabled until the
 * control API changes them, as the real service's dashboard does) and each linked account's own, which
 * override the defaults model by model, permission by permission and field by field. A model without READ
 * never syncs (sync status DISABLED); without WRITE, writes fail with DISABLED_MODEL_WRITE; a disabled field
 * reads null.
 */
export class ScopeService implements ScopesPort {
  readonly #d: ScopeServiceDeps
  /** Every data read asks for disabled fields: the defaults per `tenant:category` are kept, this service alone writes them. */
  readonly #defaults = new Map<string, Map<string, DefaultScope>>()
  /** Each account's effective scope of a model as last read outside a transaction; every write of scopes here drops them all. */
  readonly #effective = new EffectiveScopes()

  constructor (deps: ScopeServiceDeps) {
    this.#d = deps
  }

  static scopableFields (model: ModelDef): string[] {
    return scopableFields(model)
  }

  /** GET default-scopes: every model of the category as the organization's new accounts get it. */
  defaults (tenantId: number, category: string): { common_models: ModelScope[] } {
    const stored = this.#defaultsOf(tenantId, category)
    return { common_models: this.#d.catalogue.inCategory(category).map((m) => scopeView(m, effective(m, stored.get(m.name), undefined))) }
  }

  /** GET linked-account-scopes: the account's effective scopes, every model of its category. */
  forAccount (account: ScopedAccount): { common_models: ModelScope[] } {
    const read = this.#d.sync.readEnabled(account.id)
    const defaults = this.#defaultsOf(account.tenantId, account.category)
    const own = this.#d.repo.byAccount(account.id)
    return {
      common_models: this.#d.catalogue.inCategory(account.category).map((m) => {
        const scope = effective(m, defaults.get(m.name), own.get(m.name))
        return scopeView(m, { ...scope, read: read.get(m.id) ?? scope.read })
      })
    }
  }

  /**
   * POST linked-account-scopes: checks every item first (an unknown model, permission or field changes
   * nothing), then sets them as the account's own in one transaction and answers the effective scopes.
   */
  update (account: ScopedAccount, items: readonly ScopeRequestItem[]): { common_models: ModelScope[] } {
    const checked = checkScopeItems(this.#d.catalogue.inCategory(account.category), account.category, items)
    const now = this.#d.clock.now()
    this.#effective.clear()
    this.#d.db.transaction(() => {
      const own = this.#d.repo.byAccount(account.id)
      for (const c of checked) {
        const before = own.get(c.model.name)
        const enabled = new Set(before?.enabledFields ?? [])
        const disabled = new Set(before?.disabledFields ?? [])
        for (const f of c.enable) { enabled.add(f); disabled.delete(f) }
        for (const f of c.disable) { disabled.add(f); enabled.delete(f) }
        const order = scopableFields(c.model)
        const read = typeof c.read === 'boolean' ? c.read : before?.read ?? null
        this.#d.repo.save(account.id, {
          modelName: c.model.name,
          read,
          write: typeof c.write === 'boolean' ? c.write : before?.write ?? null,
          enabledFields: order.filter((f) => enabled.has(f)),
          disabledFields: order.filter((f) => disabled.has(f))
        })
        if (typeof c.read === 'boolean') this.#d.sync.setReadEnabled(account.id, c.model.id, c.read, now)
      }
      this.#d.events.emit('scopes:changed', { tenantId: account.tenantId, accountId: account.id, category: account.category, models: checked.map((c) => c.model.name), at: now })
    })()
    return this.forAccount(account)
  }

  /**
   * The control API's POST default-scopes: the organization's defaults of the category. Accounts inherit
   * them where they set nothing of their own: READ moves their sync state at once (a model turned off stops
   * syncing and shows DISABLED), WRITE and fields take effect on their next call.
   */
  updateDefaults (tenantId: number, category: string, items: readonly ScopeRequestItem[]): { common_models: ModelScope[] } {
    const checked = checkScopeItems(this.#d.catalogue.inCategory(category), category, items)
    const now = this.#d.clock.now()
    const key = `${tenantId}:${category}`
    // Read again after the change, also when the transaction rolls back (it may have cached what it wrote).
    try {
      this.#update(tenantId, category, checked, now, key)
    } finally {
      this.#defaults.delete(key)
    }
    return this.defaults(tenantId, category)
  }

  #update (tenantId: number, category: string, checked: readonly CheckedItem[], now: number, key: string): void {
    this.#effective.clear()
    this.#d.db.transaction(() => {
      const stored = this.#defaultsOf(tenantId, category)
      for (const c of checked) {
        const before = stored.get(c.model.name)
        const disabled = new Set(before?.disabledFields ?? [])
        for (const f of c.enable) disabled.delete(f)
        for (const f of c.disable) disabled.add(f)
        this.#d.defaults.save(tenantId, category, {
          modelName: c.model.name,
          read: typeof c.read === 'boolean' ? c.read : before?.read ?? true,
          write: typeof c.write === 'boolean' ? c.write : before?.write ?? true,
          disabledFields: scopableFields(c.model).filter((f) => disabled.has(f))
        })
      }
      this.#defaults.delete(key)
      const readChanged = checked.filter((c) => typeof c.read === 'boolean')
      for (const account of this.#d.accounts(tenantId)) {
        if (account.category !== category || readChanged.length === 0) continue
        if (account.status === 'INCOMPLETE') {
          // Not linked yet: its sync state is the scope it will start with.
          this.#d.sync.initialScope(account.id, category, this.#readDisabled(account), now)
          continue
        }
        const own = this.#d.repo.byAccount(account.id)
        const models = this.#d.sync.readEnabled(account.id)
        for (const c of readChanged) {
          if ((own.get(c.model.name)?.read ?? null) !== null || models.get(c.model.id) === c.read) continue
          this.#d.sync.setReadEnabled(account.id, c.model.id, c.read as boolean, now)
        }
      }
      this.#d.events.emit('scopes:changed', { tenantId, accountId: null, category, models: checked.map((c) => c.model.name), at: now })
    })()
  }

  /**
   * A link token was created: until the account's first sync starts, its scopes are the link's
   * `common_models` over the defaults, and its sync state follows (a model without READ starts DISABLED).
   * A later token before then replaces them; a relink keeps what the account has.
   */
  linkRequested (account: ScopedAccount, link: readonly LinkModelScope[], now: number): void {
    if (this.#d.sync.started(account.id)) return
    this.#effective.clear()
    this.#d.repo.removeAccount(account.id)
    for (const l of link) {
      const model = this.#d.catalogue.byId(l.modelId)
      if (model === undefined || model.category !== account.category) continue
      const fields = new Set(l.disabledFields)
      const scopable = scopableFields(model)
      this.#d.repo.save(account.id, {
        modelName: model.name,
        read: l.read,
        write: l.write,
        enabledFields: scopable.filter((f) => !fields.has(f)),
        disabledFields: scopable.filter((f) => fields.has(f))
      })
    }
    this.#d.sync.initialScope(account.id, account.category, this.#readDisabled(account), now)
  }

  /** An account linked without a link token (the control API): its sync state starts from the defaults. */
  accountLinked (account: ScopedAccount, now: number): void {
    if (this.#d.sync.readEnabled(account.id).size === 0) this.#d.sync.initialScope(account.id, account.category, this.#readDisabled(account), now)
  }

  /**
   * The control API switched a model's sync on or off (PUT /_unimock/linked-accounts/{id}/models/{model_id}):
   * that is the account's own READ from now on, which a change of the defaults leaves alone.
   */
  setOwnRead (accountId: string, modelId: string, enabled: boolean): void {
    const model = this.#d.catalogue.byId(modelId)
    if (model === undefined) return
    const own = this.#d.repo.byAccount(accountId).get(model.name)
    this.#effective.clear()
    this.#d.repo.save(accountId, { modelName: model.name, read: enabled, write: own?.write ?? null, enabledFields: own?.enabledFields ?? [], disabledFields: own?.disabledFields ?? [] })
  }

  modelEnabled (accountId: string, modelName: string): boolean {
    // One row, not the account's every state: every write asks (a fifth of a contact create's CPU read them all).
    return this.#d.sync.modelReadEnabled(accountId, modelName) ?? true
  }

  writeEnabled (accountId: string, modelName: string): boolean {
    return this.#scope(accountId, modelName).scope?.write ?? true
  }

  disabledFields (accountId: string, modelName: string): ReadonlySet<string> {
    return this.#scope(accountId, modelName).disabled
  }

  clear (): void {
    this.#d.repo.clear()
    this.#d.defaults.clear()
    this.forgetCaches()
  }

  /** Drops the scopes kept in memory (a tenant's rows were deleted under them). */
  forgetCaches (): void {
    this.#defaults.clear()
    this.#effective.clear()
  }

  #defaultsOf (tenantId: number, category: string): Map<string, DefaultScope> {
    const key = `${tenantId}:${category}`
    let found = this.#defaults.get(key)
    if (found === undefined) {
      found = this.#d.defaults.byCategory(tenantId, category)
      // Not kept from inside a transaction: it may still roll back.
      if (!this.#d.db.inTransaction) this.#defaults.set(key, found)
    }
    return found
  }

  #scope (accountId: string, modelName: string): Effective {
    const kept = this.#effective.get(accountId, modelName)
    if (kept !== undefined) return kept
    const account = this.#d.account(accountId)
    const model = account === undefined ? undefined : this.#d.catalogue.byId(`${account.category}.${modelName}`)
    const scope = account === undefined || model === undefined
      ? undefined
      : effective(model, this.#defaultsOf(account.tenantId, account.category).get(modelName), this.#d.repo.byAccount(accountId).get(modelName))
    const found: Effective = { scope, disabled: new Set(scope?.disabledFields ?? []) }
    // Not kept from inside a transaction: it may still roll back.
    if (account !== undefined && !this.#d.db.inTransaction) this.#effective.keep(accountId, modelName, found)
    return found
  }

  /** The model ids of the account's category whose effective READ is off. */
  #readDisabled (account: ScopedAccount): string[] {
    const defaults = this.#defaultsOf(account.tenantId, account.category)
    const own = this.#d.repo.byAccount(account.id)
    return this.#d.catalogue.inCategory(account.category).filter((m) => !effective(m, defaults.get(m.name), own.get(m.name)).read).map((m) => m.id)
  }
}
