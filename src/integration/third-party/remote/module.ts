import type { Clock } from '../../../core/clock.js'
import type { Emitter } from '../../../core/events.js'
import type { Ids } from '../../../core/ids.js'
import type { Scheduler } from '../../../jobs/scheduler.js'
import type { Db } from '../../../store/database.js'
import type { DataService } from '../data/service.js'
import type { DomainModule } from '../../../core/domain-module.js'
import { AsyncPassthroughRepository } from './async-passthrough-repository.js'
import { AsyncPassthroughs } from './async-passthrough.js'
import { Downloads } from './downloads.js'
import { Passthrough, type PassthroughAccount } from './passthrough.js'
import { PassthroughPresets } from './passthrough-presets.js'
import { RawVendorApi } from './raw-api.js'
import type { RemoteEvents } from './remote-events.js'

export interface RemoteDeps {
  readonly db: Db
  readonly clock: Clock
  readonly ids: Ids
  readonly scheduler: Scheduler
  readonly events: Emitter<RemoteEvents>
  readonly data: DataService
  readonly account: (id: string) => PassthroughAccount | undefined
}

/** The simulated third party's own API over the same data: passthrough (and its presets, async) and downloads. */
export function remoteModule (d: RemoteDeps): { passthrough: Passthrough, presets: PassthroughPresets, asyncPassthroughs: AsyncPassthroughs, downloads: Downloads, module: DomainModule } {
  const presets = new PassthroughPresets(d.db)
  const passthrough = new Passthrough(new RawVendorApi(d.data, d.clock), presets, d.clock)
  const asyncPassthroughs = new AsyncPassthroughs({
    repo: new AsyncPassthroughRepository(d.db), clock: d.clock, scheduler: d.scheduler, passthrough, ids: d.ids, account: d.account, events: d.events
  })
  return {
    passthrough,
    presets,
    asyncPassthroughs,
    downloads: new Downloads(d.data),
    module: { reset: () => { asyncPassthroughs.clear(); presets.clear() } }
  }
}
