import type { FenceCheck } from '../../../core/account-fences.js'
import type { Dispatcher as HttpDispatcher } from 'undici'
import type { Clock } from '../../../core/clock.js'
import type { Emitter } from '../../../core/events.js'
import type { Random } from '../../../core/random.js'
import type { Scheduler } from '../../../jobs/scheduler.js'
import type { Db } from '../../../store/database.js'
import type { DomainModule } from '../../../core/domain-module.js'
import type { AccountEvents } from '../../base/accounts/account-events.js'
import type { IssueEvents } from '../issues/issues.js'
import type { RemoteEvents } from '../../third-party/remote/remote-events.js'
import type { SyncEvents } from '../sync/sync-events.js'
import type { WriteEvents } from '../../service/writes/write-events.js'
import { DeliveryFaults } from './delivery-faults.js'
import { DeliveryDispatcher } from './delivery-dispatcher.js'
import { EventWebhooks, type EventWebhookDeps } from './event-webhooks.js'
import { FanOut } from './fan-out.js'
import { DEFAULT_RETRY_POLICY } from './retry-policy.js'
import { SignatureKeys } from './signature-keys.js'
import { WebhookStreams } from './streams.js'
import { targetGuard, type Resolve } from './target-guard.js'
import { WebhookTargets } from './targets.js'
import type { WebhookEvents } from './webhook-events.js'
import { WebhookRepository } from './webhook-repository.js'

/**
 * Webhook targets: built before sync, since a tenant whose targets may want sync events has its runs finish on
 * time (sync asks `wantsSyncEvents`). Their delivery (webhookDeliveryModule) is built after the domains it reports on.
 */
export function webhookTargetsModule (d: { db: Db, clock: Clock, random: Random, events: Emitter<WebhookEvents>, flagUrls: readonly string[], fenced: FenceCheck, allowPrivate: boolean }): { repo: WebhookRepository, streams: WebhookStreams, targets: WebhookTargets, module: DomainModule<AccountEvents & SyncEvents & WebhookEvents & WriteEvents & RemoteEvents & IssueEvents> } {
  const repo = new WebhookRepository(d.db)
  const streams = new WebhookStreams(d.random, () => repo.sequences())
  const targets = new WebhookTargets({ db: d.db, clock: d.clock, repo, streams, events: d.events, flagUrls: d.flagUrls, fenced: d.fenced, allowPrivate: d.allowPrivate })
  return {
    repo,
    streams,
    targets,
    module: {
      reset: () => { repo.clear(); targets.forget(); streams.renew() },
      resetTenant: () => { targets.forget() }
    }
  }
}

export interface WebhookDeliveryDeps extends Omit<EventWebhookDeps, 'fanOut' | 'targets'> {
  readonly db: Db
  readonly clock: Clock
  readonly scheduler: Scheduler
  readonly events: Emitter<WebhookEvents>
  readonly repo: WebhookRepository
  readonly streams: WebhookStreams
  readonly targets: WebhookTargets
  /** A scenario run's delivery faults take its own accounts' deliveries only. */
  readonly fenced: FenceCheck
  /** Every outgoing request goes through it (tests hand in a MockAgent). */
  readonly http: HttpDispatcher
  readonly timeoutMs: number
  /** --webhook-secret: every tenant's signature key; else one generated per tenant. */
  readonly secret: string | undefined
  readonly log: { error(obj: object, msg: string): void }
  /** scheme://host:port of this server, for linked_account.webhook_listener_url. */
  readonly origin: () => string
  /** --webhook-allow-private: targets at link-local and metadata addresses are delivered to. */
  readonly allowPrivate: boolean
  /** How a target's name is resolved before its deliveries; undefined: not at all. */
  readonly resolve: Resolve | undefined
}

/** Signing, delivery faults, the one outbox's dispatcher and the fan-out of domain events into deliveries. */
export function webhookDeliveryModule (d: WebhookDeliveryDeps): { keys: SignatureKeys, faults: DeliveryFaults, dispatcher: DeliveryDispatcher, fanOut: FanOut, module: DomainModule<AccountEvents & SyncEvents & WebhookEvents & WriteEvents & RemoteEvents & IssueEvents> } {
  const keys = new SignatureKeys(d.repo, d.streams, d.secret)
  const faults = new DeliveryFaults(d.repo, d.streams, d.clock, d.fenced)
  const dispatcher = new DeliveryDispatcher({
    db: d.db, clock: d.clock, scheduler: d.scheduler, repo: d.repo, streams: d.streams, http: d.http, timeoutMs: d.timeoutMs, policy: DEFAULT_RETRY_POLICY, log: d.log, events: d.events,
    guard: targetGuard(d.allowPrivate, d.resolve)
  })
  const fanOut = new FanOut({ db: d.db, repo: d.repo, streams: d.streams, targets: d.targets, keys, faults, dispatcher, origin: d.origin })
  const webhooks = new EventWebhooks({ fanOut, targets: d.targets, account: d.account, syncStates: d.syncStates, record: d.record, issue: d.issue })
  return {
    keys,
    faults,
    dispatcher,
    fanOut,
    module: {
      react: (events) => {
        events.on('account:linked', (e) => { webhooks.accountLinked(e) })
        events.on('account:deleted', (e) => { webhooks.accountDeleted(e) })
        events.on('model-sync:finished', (e) => { webhooks.modelSyncFinished(e) })
        // undici (~150 ms to load) loads when a tenant first wants deliveries, not inside its first burst of them.
        events.on('webhook-target:added', () => { dispatcher.loadSender() })
        events.on('record:written', (e) => { webhooks.recordWritten(e) })
        events.on('write:async-completed', (e) => { webhooks.asyncWriteCompleted(e) })
        events.on('async-passthrough:resolved', (e) => { webhooks.asyncPassthroughResolved(e) })
        events.on('issue:opened', (e) => { webhooks.issueChanged(e, 'opened') })
        events.on('issue:resolved', (e) => { webhooks.issueChanged(e, 'resolved') })
      },
      reset: () => { dispatcher.reset() }
    }
  }
}
