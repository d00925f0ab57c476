import type { Clock } from '../../../core/clock.js'
import type { Emitter } from '../../../core/events.js'
import type { Ids } from '../../../core/ids.js'
import type { Db } from '../../../store/database.js'
import type { DomainModule } from '../../../core/domain-module.js'
import { RemoteKeyRepository } from './remote-key-repository.js'
import { RemoteKeys, type RemoteKeyEvents } from './remote-keys.js'

/** The organizations' remote production API keys; built before the tenants, who authenticate by them too. */
export function remoteKeysModule (d: { db: Db, clock: Clock, ids: Ids, events: Emitter<RemoteKeyEvents> }): { keys: RemoteKeys, module: DomainModule } {
  const keys = new RemoteKeys({ repo: new RemoteKeyRepository(d.db), clock: d.clock, ids: d.ids, events: d.events })
  return { keys, module: { reset: () => { keys.clear() } } }
}
