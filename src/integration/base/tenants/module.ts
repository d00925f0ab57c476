import type { Clock } from '../../../core/clock.js'
import type { Db } from '../../../store/database.js'
import type { DomainModule } from '../../../core/domain-module.js'
import type { Emitter } from '../../../core/events.js'
import type { Tenant } from './tenant.js'
import type { TenantEvents } from './tenant-events.js'
import { TenantRepository } from './tenant-repository.js'
import { TenantService } from './tenant-service.js'

/** The one event the tenants react to (declared here: remote-keys imports the tenants, not the other way). */
interface RemoteKeyRegenerated { 'remote-key:generated': { readonly regenerated: boolean } }

export interface TenantsDeps {
  readonly db: Db
  readonly clock: Clock
  readonly apiKeys: readonly string[]
  readonly maxTenants: number
  /** Keep the keys seen themselves for the dashboard's list (--dashboard-keys list), not only their hints. */
  readonly listKeys: boolean
  /** Deletes a tenant's world (its rows, jobs and clock): what an eviction beyond maxTenants does first. */
  readonly evict: (tenantId: number) => void
  /** The organization a remote production key authenticates as (facts §12). */
  readonly remoteKey: (key: string) => Tenant | undefined
  /** 'tenant:evicted', for whatever watches a key (a dashboard's stream). */
  readonly events: Emitter<TenantEvents>
  /** Whether a value is some linked account's account token: never taken as a new key. */
  readonly isAccountToken: (value: string) => boolean
  /** Where an eviction's warn line goes. */
  readonly log: { warn(obj: object, msg: string): void }
}

/** The organizations, one per API key. Tenants are cached by key: a replaced secret must stop working at once. */
export function tenantsModule (d: TenantsDeps): { tenants: TenantService, module: DomainModule<RemoteKeyRegenerated> } {
  const repo = new TenantRepository(d.db)
  const tenants = new TenantService({
    repo, clock: d.clock, apiKeys: d.apiKeys, remoteKey: d.remoteKey, maxTenants: d.maxTenants, evict: d.evict, listKeys: d.listKeys, events: d.events, log: d.log, isAccountToken: d.isAccountToken
  })
  return {
    tenants,
    module: {
      react: (events) => { events.on('remote-key:generated', (e) => { if (e.regenerated) tenants.forget() }) },
      reset: () => { repo.clear(); tenants.forget(); tenants.forgetKeys() },
      resetTenant: () => { tenants.forget() }
    }
  }
}
