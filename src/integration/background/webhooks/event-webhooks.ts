import type { AccountDeleted, AccountLinked } from '../../base/accounts/account-events.js'
import type { LinkedAccount } from '../../base/accounts/linked-account.js'
import type { ModelSyncFinished } from '../sync/sync-events.js'
import type { IssueChanged } from '../issues/issues.js'
import type { AsyncPassthroughResolved } from '../../third-party/remote/remote-events.js'
import type { AsyncWriteCompleted, RecordWritten } from '../../service/writes/write-events.js'
import type { SyncState } from '../sync/sync-state.js'
import type { FanOut } from './fan-out.js'
import { deletedData, linkedData, modelSyncedData, syncCompletedData } from './payloads.js'
import type { WebhookTargets } from './targets.js'
import { SYNCED_SUFFIX, webhookModelName } from './webhook-models.js'

export interface EventWebhookDeps {
  readonly fanOut: FanOut
  readonly targets: WebhookTargets
  /** The account as it is now, for the linked_account object of a sync event. */
  readonly account: (id: string) => LinkedAccount
  /** Every model's sync state now, for LinkedAccount.sync_completed. */
  readonly syncStates: (accountId: string) => SyncState[]
  /** A record as reads show it now (a record event's data). */
  readonly record: (accountId: string, modelId: string, recordId: string) => Record<string, unknown> | undefined
  /** An issue as GET .../issues/{id} shows it (an Issue.* event's data). */
  readonly issue: (tenantId: number, issueId: string) => Record<string, unknown>
}

/**
 * The webhook events of the unified service's domain events, in the real service's shapes: LinkedAccount.linked
 * and .deleted, {Model}.synced, LinkedAccount.sync_completed, {Model}.added/.changed/.removed, AsyncPost.completed
 * AsyncBulkPost.completed, AsyncPassthrough.resolved and Issue.new/.reopened/.resolved. Each runs inside the transaction of the
 * change, so the deliveries commit (or roll back) with it.
 */
export class EventWebhooks {
  readonly #d: EventWebhookDeps

  constructor (deps: EventWebhookDeps) {
    this.#d = deps
  }

  accountLinked (e: AccountLinked): void {
    this.#d.fanOut.emit(e.account, 'LinkedAccount.linked', linkedData(e.account, e.isRelink), e.at, e.eventId)
  }

  /** The account row is deleted right after: its snapshot goes into the payload now. */
  accountDeleted (e: AccountDeleted): void {
    this.#d.fanOut.emit(e.account, 'LinkedAccount.deleted', deletedData(e.account), e.at, e.eventId)
  }

  /** {Model}.added / .changed / .removed, with the record as reads show it. */
  recordWritten (e: RecordWritten): void {
    if (this.#d.targets.all(e.tenantId).length === 0) return
    const account = this.#d.account(e.accountId)
    const record = this.#d.record(e.accountId, e.modelId, e.recordId)
    if (record === undefined) return
    const modelName = e.modelId.slice(e.modelId.indexOf('.') + 1)
    this.#d.fanOut.emit(account, `${webhookModelName(account.category, modelName)}.${e.change}`, record, e.at)
  }

  /** AsyncPost.completed / AsyncBulkPost.completed: the task or batch as its polling route shows it. */
  asyncWriteCompleted (e: AsyncWriteCompleted): void {
    if (this.#d.targets.all(e.tenantId).length === 0) return
    this.#d.fanOut.emit(this.#d.account(e.accountId), e.kind === 'bulk' ? 'AsyncBulkPost.completed' : 'AsyncPost.completed', e.data, e.at)
  }

  /** AsyncPassthrough.resolved: the facts' proposal, the receipt id with the RemoteResponse a poll now answers. */
  asyncPassthroughResolved (e: AsyncPassthroughResolved): void {
    if (this.#d.targets.all(e.tenantId).length === 0) return
    this.#d.fanOut.emit(this.#d.account(e.accountId), 'AsyncPassthrough.resolved', { async_passthrough_receipt_id: e.receiptId, ...e.response }, e.at)
  }

  /** Issue.new, Issue.reopened (its problem came back after it resolved) and Issue.resolved. */
  issueChanged (e: IssueChanged, change: 'opened' | 'resolved'): void {
    if (this.#d.targets.all(e.tenantId).length === 0) return
    const name = change === 'resolved' ? 'Issue.resolved' : e.reopened ? 'Issue.reopened' : 'Issue.new'
    this.#d.fanOut.emit(this.#d.account(e.accountId), name, this.#d.issue(e.tenantId, e.issueId), e.at)
  }

  modelSyncFinished (e: ModelSyncFinished): void {
    // Hundreds of thousands of syncs a simulated day: read the account back only for a tenant with targets.
    if (this.#d.targets.all(e.account.tenantId).length === 0) return
    const account = this.#d.account(e.account.id)
    this.#d.fanOut.emit(account, webhookModelName(account.category, e.state.modelName) + SYNCED_SUFFIX, modelSyncedData(account, e.state, e.syncedFields), e.at)
    if (e.accountSyncCompleted) {
      this.#d.fanOut.emit(account, 'LinkedAccount.sync_completed', syncCompletedData(account, this.#d.syncStates(account.id), e.wasInitialSync), e.at)
    }
  }
}
