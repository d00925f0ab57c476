import type { Clock } from '../../../core/clock.js'
import type { Emitter } from '../../../core/events.js'
import type { Db } from '../../../store/database.js'
import type { Catalogue } from '../../base/catalogue/catalogue.js'
import type { DomainModule } from '../../../core/domain-module.js'
import type { AccountEvents } from '../../base/accounts/account-events.js'
import { DefaultScopeRepository } from './default-scope-repository.js'
import type { ScopeEvents } from './scope-events.js'
import { ScopeRepository } from './scope-repository.js'
import { type LinkModelScope, ScopeService, type ScopedAccount, type ScopeSyncPort } from './scope-service.js'

/** A link token named the account's models (declared here: the link flow imports scopes, not the other way). */
interface LinkRequested { 'link:requested': { readonly account: ScopedAccount, readonly linkScopes: readonly LinkModelScope[], readonly at: number } }

export interface ScopesDeps {
  readonly db: Db
  readonly clock: Clock
  readonly catalogue: Catalogue
  readonly events: Emitter<ScopeEvents>
  /** READ is whether a model syncs: the sync state holds it; WRITE and disabled fields are the scopes' own. */
  readonly sync: ScopeSyncPort
  readonly account: (id: string) => ScopedAccount | undefined
  readonly accounts: (tenantId: number) => readonly ScopedAccount[]
}

/** Common model scopes: each account's overrides and the organization's defaults. */
export function scopesModule (d: ScopesDeps): { scopes: ScopeService, module: DomainModule<AccountEvents & LinkRequested> } {
  const scopes = new ScopeService({
    db: d.db, clock: d.clock, catalogue: d.catalogue, repo: new ScopeRepository(d.db), defaults: new DefaultScopeRepository(d.db), events: d.events, sync: d.sync, account: d.account, accounts: d.accounts
  })
  return {
    scopes,
    module: {
      react: (events) => {
        events.on('link:requested', (e) => { scopes.linkRequested(e.account, e.linkScopes, e.at) })
        events.on('account:linked', (e) => { scopes.accountLinked(e.account, e.at) })
      },
      reset: () => { scopes.clear() },
      resetTenant: () => { scopes.forgetCaches() }
    }
  }
}
