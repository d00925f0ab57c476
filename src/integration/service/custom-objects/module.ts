import type { Clock } from '../../../core/clock.js'
import type { Ids } from '../../../core/ids.js'
import type { Db } from '../../../store/database.js'
import type { Catalogue } from '../../base/catalogue/catalogue.js'
import type { DataService } from '../../third-party/data/service.js'
import type { DomainModule } from '../../../core/domain-module.js'
import type { AccountEvents } from '../../base/accounts/account-events.js'
import { CustomObjects, type ObjectClass } from './custom-objects.js'
import { CustomObjectRepository } from './repository.js'

/** CRM custom objects: they hang off the account's custom object classes, as reads show them. */
export function customObjectsModule (d: { db: Db, ids: Ids, clock: Clock, catalogue: Catalogue, data: DataService }): { customObjects: CustomObjects, module: DomainModule<AccountEvents> } {
  const objectClasses = d.catalogue.byId('crm.CustomObjectClass')
  const customObjects = new CustomObjects({
    repo: new CustomObjectRepository(d.db),
    ids: d.ids,
    clock: d.clock,
    classes: (accountId) => objectClasses === undefined
      ? []
      : d.data.list(accountId, objectClasses, { page_size: '100', expand: 'fields' }).results as unknown as ObjectClass[]
  })
  return {
    customObjects,
    module: {
      react: (events) => { events.on('account:deleted', (e) => { customObjects.forgetAccount(e.account.id) }) },
      reset: () => { customObjects.clear() }
    }
  }
}
