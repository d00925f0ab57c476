import type { Config } from '../../../config.js'
import type { Clock } from '../../../core/clock.js'
import type { Db } from '../../../store/database.js'
import type { DomainModule } from '../../../core/domain-module.js'
import type { AccountEvents } from '../../base/accounts/account-events.js'
import type { Catalogue } from '../../base/catalogue/catalogue.js'
import { DataService } from './service.js'
import { dataSettingsFrom } from './settings.js'

type DataServiceDeps = ConstructorParameters<typeof DataService>[0]

export interface DataDeps {
  readonly db: Db
  readonly clock: Clock
  readonly config: Config
  readonly catalogue: Catalogue
  /** Field mappings read the third party's records as this service shows them, and fill their field_mappings. */
  readonly fieldMappings: DataServiceDeps['fieldMappings']
  readonly passed: DataServiceDeps['passed']
}

/** The simulated third party's data: generated records, written by the sync runs, read by every data route. */
export function dataModule (d: DataDeps): { data: DataService, module: DomainModule<AccountEvents> } {
  const data = new DataService({
    db: d.db,
    clock: d.clock,
    catalogue: d.catalogue,
    settings: dataSettingsFrom(d.config, d.catalogue),
    fieldMappings: d.fieldMappings,
    passed: d.passed
  })
  return {
    data,
    module: {
      react: (events) => { events.on('account:deleted', (e) => { data.deleteAccount(e.account.id) }) },
      reset: () => { data.clear() },
      resetTenant: () => { data.forgetCaches() }
    }
  }
}
