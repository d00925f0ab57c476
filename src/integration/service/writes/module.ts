import type { Clock } from '../../../core/clock.js'
import type { Emitter } from '../../../core/events.js'
import type { Scheduler } from '../../../jobs/scheduler.js'
import type { Db } from '../../../store/database.js'
import type { Catalogue } from '../../base/catalogue/catalogue.js'
import type { DataService } from '../../third-party/data/service.js'
import type { DomainModule } from '../../../core/domain-module.js'
import { BatchRepository } from './batch-repository.js'
import { Batches } from './batches.js'
import { Idempotency } from './idempotency.js'
import { WritePresets } from './presets.js'
import { loadWriteSurface, type WriteSurface } from './write-surface.js'
import type { WriteEvents } from './write-events.js'
import { type WriteAccount, type WriteScopes, WriteService } from './write-service.js'

export interface WritesDeps {
  readonly db: Db
  readonly clock: Clock
  readonly scheduler: Scheduler
  readonly events: Emitter<WriteEvents>
  readonly catalogue: Catalogue
  readonly data: DataService
  readonly scopes: WriteScopes
  readonly uuid: () => string
  readonly account: (id: string) => WriteAccount | undefined
}

/** The linked account as the write pipeline needs it. */
export function asWriteAccount (a: WriteAccount): WriteAccount {
  return { id: a.id, tenantId: a.tenantId, category: a.category, integrationName: a.integrationName, status: a.status }
}

export interface WriteParts {
  readonly writes: WriteService
  readonly writeSurface: WriteSurface
  readonly presets: WritePresets
  readonly batches: Batches
  readonly idempotency: Idempotency
  readonly module: DomainModule
}

/**
 * Writes go into the same simulated third-party data the sync runs read: a created record is a record of the third
 * party, seen by reads, later syncs and passthrough alike. A model whose READ or WRITE scope is off refuses writes.
 */
export function writesModule (d: WritesDeps): WriteParts {
  const writeSurface = loadWriteSurface()
  const presets = new WritePresets(d.db)
  const batchRepo = new BatchRepository(d.db)
  // A run_async write leaves its third-party side to a batch, and a batch's job performs writes: each needs the
  // other, so the write service reaches the batches through this binding, set right after both exist.
  let batches: Batches | undefined
  // Built once: a db.transaction() wrapper made per write was a tenth of the transaction's own cost.
  const transaction = d.db.transaction(<T>(fn: () => T): T => fn()) as <T>(fn: () => T) => T
  const writes = new WriteService({
    presets,
    transaction,
    data: d.data,
    catalogue: d.catalogue,
    writes: writeSurface,
    clock: d.clock,
    events: d.events,
    scopes: d.scopes,
    uuid: d.uuid,
    defer: (account, write) => { batches?.defer(account, write) }
  })
  batches = new Batches({ repo: batchRepo, scheduler: d.scheduler, clock: d.clock, writes, surface: writeSurface, account: (id) => { const a = d.account(id); return a === undefined ? undefined : asWriteAccount(a) }, uuid: d.uuid, events: d.events })
  return {
    writes,
    writeSurface,
    presets,
    batches,
    idempotency: new Idempotency(batchRepo),
    module: { reset: () => { presets.clear(); batchRepo.clear() } }
  }
}
