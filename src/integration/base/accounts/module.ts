import type { Clock } from '../../../core/clock.js'
import type { Emitter } from '../../../core/events.js'
import type { Ids } from '../../../core/ids.js'
import type { Db } from '../../../store/database.js'
import type { DomainModule } from '../../../core/domain-module.js'
import { EventRepository } from './event-repository.js'
import type { TenantService } from '../tenants/tenant-service.js'
import type { AccountEvents } from './account-events.js'
import { AccountRepository } from './account-repository.js'
import { AccountService } from './account-service.js'
import { createUnifiedAuth, type UnifiedAuth } from './request-auth.js'

export interface AccountsDeps {
  readonly db: Db
  readonly clock: Clock
  readonly ids: Ids
  readonly events: Emitter<AccountEvents>
  readonly tenants: TenantService
  readonly relinkStatus: 401 | 403
}

/** Linked accounts, the log of their events, and the request auth hooks every unified route runs. */
export function accountsModule (d: AccountsDeps): { accounts: AccountService, auth: UnifiedAuth, module: DomainModule } {
  const repo = new AccountRepository(d.db)
  const log = new EventRepository(d.db)
  const accounts = new AccountService({ db: d.db, repo, log, events: d.events, clock: d.clock, ids: d.ids, relinkStatus: d.relinkStatus })
  return {
    accounts,
    auth: createUnifiedAuth(d.tenants, accounts),
    module: { reset: () => { log.clear(); repo.clear() }, resetTenant: () => { repo.forget() } }
  }
}
