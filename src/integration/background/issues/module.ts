import type { Clock } from '../../../core/clock.js'
import type { Emitter } from '../../../core/events.js'
import type { Ids } from '../../../core/ids.js'
import type { Scheduler } from '../../../jobs/scheduler.js'
import type { Db } from '../../../store/database.js'
import type { DomainModule } from '../../../core/domain-module.js'
import type { AccountEvents } from '../../base/accounts/account-events.js'
import type { SyncEvents } from '../sync/sync-events.js'
import type { WriteEvents } from '../../service/writes/write-events.js'
import { IssueRepository } from './issue-repository.js'
import { Issues, type IssueDeps, type IssueEvents } from './issues.js'

export interface IssuesDeps extends Pick<IssueDeps, 'account' | 'settle' | 'accountByToken'> {
  readonly db: Db
  readonly clock: Clock
  readonly ids: Ids
  readonly scheduler: Scheduler
  readonly events: Emitter<IssueEvents>
}

/** Issues open from what goes wrong in the simulation, and a relink resolves them: the wording of each is here. */
export function issuesModule (d: IssuesDeps): { issues: Issues, module: DomainModule<AccountEvents & SyncEvents & WriteEvents> } {
  const issues = new Issues({ repo: new IssueRepository(d.db), clock: d.clock, ids: d.ids, scheduler: d.scheduler, events: d.events, account: d.account, settle: d.settle, accountByToken: d.accountByToken })
  return {
    issues,
    module: {
      react: (events) => {
        events.on('account:relink-needed', (e) => { issues.incident(e.account.id, 'credentials', 'Invalid login credentials', 'The third party refused the linked account\'s credentials.', e.at) })
        events.on('model-sync:finished', (e) => {
          if (e.state.status === 'FAILED') issues.incident(e.account.id, 'sync-failed', 'Sync failed', `The ${e.state.modelName} sync failed.`, e.at)
        })
        events.on('account:linked', (e) => { if (e.isRelink) issues.relinked(e.account.id, e.at) })
        events.on('write:failed', (e) => { issues.incident(e.accountId, `write-failed:${e.modelId}`, 'Write failed', `The third party refused a ${e.modelId.slice(e.modelId.indexOf('.') + 1)} write: ${e.message}`, e.at) })
      },
      reset: () => { issues.clear() }
    }
  }
}
