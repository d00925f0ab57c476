import type { ModelDef } from '../../../base/catalogue/catalogue.js'
import type { Generator } from '../fake/generator.js'
import { fromVendor } from '../vendor/payload.js'
import type { DataSets } from './data-sets.js'
import type { RemoteEditCounts, RemoteEditRepository } from './remote-edits.js'
import type { DataRepository } from './repository.js'
import type { SyncPasses } from './sync-pass.js'

export interface RemoteWritesDeps {
  readonly repo: DataRepository
  readonly sets: DataSets
  readonly edits: RemoteEditRepository
  readonly passes: SyncPasses
  readonly generator: Generator
}

/**
 * Changes in the simulated third-party system itself (the control API's remote changes, the raw vendor
 * API's writes): stored as remote edits, they become visible when the next sync pass of the model writes them.
 */
export class RemoteWrites {
  readonly #d: RemoteWritesDeps

  constructor (deps: RemoteWritesDeps) {
    this.#d = deps
  }

  /**
   * The simulated third-party system changes now: `created` new records, `changed` and `deleted` existing ones
   * (picked deterministically; one landing on a record already deleted changes nothing). The next sync pass of
   * the model makes them visible, after the initial load.
   */
  edit (accountId: string, model: ModelDef, counts: RemoteEditCounts, now: number): void {
    this.#d.repo.transaction(() => { this.#d.edits.add(this.#d.sets.set(accountId, model).id, now, counts) })
  }

  /**
   * A record created in the simulated system now, through its own API: the next sync pass of the model shows
   * it. Answers the remote id it will carry.
   */
  create (accountId: string, model: ModelDef, now: number, vendorBody: Readonly<Record<string, unknown>>): string {
    return this.#d.repo.transaction(() => {
      const index = this.#d.passes.nextCreatedIndex(accountId, model, now)
      const fields = fromVendor(model, vendorBody)
      const remoteId = String(this.#d.sets.account(accountId, model.category).remoteBase(model.name) + index)
      this.#d.edits.add(this.#d.sets.set(accountId, model).id, now, { created: 1, changed: 0, deleted: 0 }, null, fields, { remoteId, body: vendorBody })
      return remoteId
    })
  }

  /** Records created in the simulated system that no sync pass has shown yet: their remote ids and what they were created with. */
  createdPending (accountId: string, model: ModelDef): Array<{ remoteId: string, body: Record<string, unknown> }> {
    return this.#d.edits.createdPending(this.#d.sets.set(accountId, model).id)
  }

  /** The record with this remote id changes (a new version) or is deleted in the simulated system now. */
  editRecord (accountId: string, model: ModelDef, remoteId: string, change: 'changed' | 'deleted', now: number, vendorBody: Readonly<Record<string, unknown>>): void {
    const index = this.#d.generator.indexOfRemoteId(model, this.#d.sets.account(accountId, model.category), remoteId)
    if (index === undefined) throw new Error(`editRemoteRecord: ${remoteId} is not a remote id of ${model.id}`)
    const counts = { created: 0, changed: change === 'changed' ? 1 : 0, deleted: change === 'deleted' ? 1 : 0 }
    const fields = change === 'changed' ? fromVendor(model, vendorBody) : null
    this.#d.repo.transaction(() => { this.#d.edits.add(this.#d.sets.set(accountId, model).id, now, counts, index, fields) })
  }
}
