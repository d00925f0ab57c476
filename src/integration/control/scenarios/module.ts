import type { AccountFences } from '../../../core/account-fences.js'
import type { Config } from '../../../config.js'
import { createIds } from '../../../core/ids.js'
import type { Random } from '../../../core/random.js'
import type { TenantClock } from '../../../core/tenant-clocks.js'
import type { Scheduler } from '../../../jobs/scheduler.js'
import type { DomainModule } from '../../../core/domain-module.js'
import { packageScenarios } from './files.js'
import { ScenarioLibrary } from './library.js'
import type { ScenarioPort } from './port.js'
import { ScenarioRunner } from './runner.js'

export interface ScenariosDeps {
  readonly clock: TenantClock
  readonly scheduler: Scheduler
  readonly random: Random
  readonly config: Config
  /** Scenarios act through the app's own routes, as a user's calls would. */
  readonly port: ScenarioPort
  readonly modelCategory: (modelId: string) => string | undefined
  readonly log: { error(obj: object, msg: string): void }
  /** After a run sets the sync interval back: the key's idle syncs its interval placed move to the restored one. */
  readonly rescheduleSyncs: (tenantId: number, now: number) => void
  /** The run's targets and faults hold for its own accounts only. */
  readonly fences: AccountFences
}

/** Scenario files played as timed steps on the scheduler, and the library of the package's own. */
export function scenariosModule (d: ScenariosDeps): { runner: ScenarioRunner, library: ScenarioLibrary, module: DomainModule } {
  // Run ids replay with the seed: a fresh stream at start and after each reset.
  let generation = 0
  const runner = new ScenarioRunner({ clock: d.clock, scheduler: d.scheduler, port: d.port, ids: () => createIds(d.random.fork(`scenarios:${generation++}`)), log: d.log, rescheduleSyncs: d.rescheduleSyncs, fences: d.fences })
  const library = new ScenarioLibrary(packageScenarios(), { modelCategory: d.modelCategory }, d.config)
  return {
    runner,
    library,
    module: {
      reset: () => { generation = 0; runner.reset(); d.fences.clear() },
      resetTenant: (tenantId) => { runner.forgetTenant(tenantId) }
    }
  }
}
