import type { Clock } from '../../../core/clock.js'
import type { Random } from '../../../core/random.js'
import type { Db } from '../../../store/database.js'
import type { DomainModule } from '../../../core/domain-module.js'
import { FaultRepository } from './fault-repository.js'
import { FaultService, type FaultServiceDeps } from './fault-service.js'

/** Per-tenant service faults, checked after auth on the unified routes. */
export function faultsModule (d: { db: Db, clock: Clock, random: Random } & Pick<FaultServiceDeps, 'modelCategory' | 'accountCategory' | 'fenced'>): { faults: FaultService, module: DomainModule } {
  const faults = new FaultService({ clock: d.clock, random: d.random, repo: new FaultRepository(d.db), modelCategory: d.modelCategory, accountCategory: d.accountCategory, fenced: d.fenced })
  return {
    faults,
    module: {
      reset: () => { faults.reset() },
      resetTenant: (tenantId) => { faults.resetTenant(tenantId) }
    }
  }
}
