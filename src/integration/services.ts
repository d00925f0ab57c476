import type { AppContext } from '../context.js'
import { createIds, type Ids } from '../core/ids.js'
import { type AccountDeletedListener, AccountHooks, type AccountLinkedListener, type LinkRequestedListener } from './accounts/account-hooks.js'
import { AccountRepository } from './accounts/account-repository.js'
import { AccountService } from './accounts/account-service.js'
import { EventRepository } from './events/event-repository.js'
import { createUnifiedAuth, type UnifiedAuth } from './accounts/request-auth.js'
import { LinkRepository } from './link/link-repository.js'
import { LinkService } from './link/link-service.js'
import { createLinkWidgetPort } from './link/widget-port-adapter.js'
import type { LinkWidgetPort } from './link/widget-port.js'
import { MetaRepository } from './meta-repository.js'
import { TenantRepository } from './tenants/tenant-repository.js'
import { TenantService } from './tenants/tenant-service.js'

/**
 * The unified service's shared services, built once per app. Other unified-service domains (data, sync,
 * webhooks, the widget) receive this object from registerIntegration and use:
 * - `auth.tenant` / `auth.account` preHandlers, with requestTenant/requestAccount (http/account-auth.ts);
 * - `onAccountLinked` to start work when an account finishes linking (the initial sync), and
 *   `onAccountDeleted` to drop an account's own rows (listeners run inside the change's transaction);
 * - `outbox` for the LinkedAccount.* events waiting for webhook delivery;
 * - `widgetPort` for the link widget.
 */
export interface IntegrationServices {
  readonly tenants: TenantService
  readonly accounts: AccountService
  readonly link: LinkService
  readonly auth: UnifiedAuth
  readonly outbox: EventRepository
  readonly widgetPort: LinkWidgetPort
  onAccountLinked(fn: AccountLinkedListener): void
  onAccountDeleted(fn: AccountDeletedListener): void
  /** A link token was created: the sync work records which models common_models disabled. */
  onLinkRequested(fn: LinkRequestedListener): void
}

export function createIntegrationServices (context: AppContext): IntegrationServices {
  const { db, clock, config } = context
  const meta = new MetaRepository(db)
  const tenantRepo = new TenantRepository(db)
  const accountRepo = new AccountRepository(db)
  const linkRepo = new LinkRepository(db)
  const outbox = new EventRepository(db)
  const hooks = new AccountHooks()

  // A stream of our own (see MetaRepository): other domains' draws never shift our ids, nor ours theirs.
  const fork = (): Ids => createIds(context.random.fork(`integration:${meta.nextGeneration()}`))
  let current = fork()
  const ids: Ids = { uuid: () => current.uuid(), token: (size, prefix) => current.token(size, prefix) }

  const tenants = new TenantService(tenantRepo, clock, config.apiKeys)
  const accounts = new AccountService({ db, repo: accountRepo, events: outbox, hooks, clock, ids, relinkStatus: config.relinkStatus })
  const link = new LinkService({ db, accounts, repo: linkRepo, clock, ids, publicTokenTtlMs: config.publicTokenTtl * 1000 })

  context.onReset(() => {
    db.transaction(() => {
      linkRepo.clear()
      outbox.clear()
      accountRepo.clear()
      tenantRepo.clear()
      meta.clear()
    })()
    tenants.forget()
    current = fork()
  })

  return {
    tenants,
    accounts,
    link,
    auth: createUnifiedAuth(tenants, accounts),
    outbox,
    widgetPort: createLinkWidgetPort(link),
    onAccountLinked: (fn) => { hooks.onAccountLinked(fn) },
    onAccountDeleted: (fn) => { hooks.onAccountDeleted(fn) },
    onLinkRequested: (fn) => { hooks.onLinkRequested(fn) }
  }
}
