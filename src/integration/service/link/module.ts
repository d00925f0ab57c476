import type { TenantClock } from '../../../core/tenant-clocks.js'
import type { Emitter } from '../../../core/events.js'
import type { Ids } from '../../../core/ids.js'
import type { Db } from '../../../store/database.js'
import type { AccountService } from '../../base/accounts/account-service.js'
import type { DomainModule } from '../../../core/domain-module.js'
import type { LinkEvents } from './link-events.js'
import { LinkRepository } from './link-repository.js'
import { LinkService } from './link-service.js'
import { createLinkWidgetPort } from './widget-port-adapter.js'
import type { LinkWidgetPort } from './widget-port.js'

export interface LinkDeps {
  readonly db: Db
  readonly clock: TenantClock
  readonly ids: Ids
  readonly events: Emitter<LinkEvents>
  readonly accounts: AccountService
  readonly publicTokenTtlMs: number
}

/** The three-token link flow, and the port the link widget's pages call it through. */
export function linkModule (d: LinkDeps): { link: LinkService, widgetPort: LinkWidgetPort, module: DomainModule } {
  const repo = new LinkRepository(d.db)
  const link = new LinkService({ db: d.db, accounts: d.accounts, repo, events: d.events, clock: d.clock, ids: d.ids, publicTokenTtlMs: d.publicTokenTtlMs })
  return { link, widgetPort: createLinkWidgetPort(link), module: { reset: () => { repo.clear() } } }
}
