import type { Clock } from '../../../core/clock.js'
import { appError } from '../../../core/errors.js'
import type { Emitter } from '../../../core/events.js'
import type { Ids } from '../../../core/ids.js'
import type { Tenant } from '../../base/tenants/tenant.js'
import type { RemoteKeyRepository } from './remote-key-repository.js'

export interface RemoteKey { name: string, key: string }

/** generate-key made a key, or regenerate-key replaced one's secret; the audit trail records it. */
export interface RemoteKeyGenerated {
  readonly tenantId: number
  readonly name: string
  readonly regenerated: boolean
  readonly at: number
}

/** The remote keys domain's entries in the event map (integration/domain-events.ts). */
export interface RemoteKeyEvents {
  'remote-key:generated': RemoteKeyGenerated
}

/** Merge's example keys are 54 URL-safe characters. */
const KEY_LENGTH = 54

/**
 * Remote production API keys of an organization, by name (facts §12 proposal): generating an existing name
 * is a 400, regenerating an unknown one a 404, and regenerating replaces the secret.
 */
export class RemoteKeys {
  readonly #repo: RemoteKeyRepository
  readonly #clock: Clock
  readonly #ids: Ids
  readonly #events: Emitter<RemoteKeyEvents>

  constructor (deps: { repo: RemoteKeyRepository, clock: Clock, ids: Ids, events: Emitter<RemoteKeyEvents> }) {
    this.#repo = deps.repo
    this.#clock = deps.clock
    this.#ids = deps.ids
    this.#events = deps.events
  }

  generate (tenantId: number, name: string): RemoteKey {
    const now = this.#clock.now()
    return this.#repo.transaction(() => {
      if (this.#repo.exists(tenantId, name)) throw appError('REMOTE_KEY_EXISTS', { name })
      const key = this.#ids.token(KEY_LENGTH)
      this.#repo.insert(tenantId, name, key, now)
      this.#events.emit('remote-key:generated', { tenantId, name, regenerated: false, at: now })
      return { name, key }
    })
  }

  regenerate (tenantId: number, name: string): RemoteKey {
    const now = this.#clock.now()
    return this.#repo.transaction(() => {
      if (!this.#repo.exists(tenantId, name)) throw appError('REMOTE_KEY_NOT_FOUND', { name })
      const key = this.#ids.token(KEY_LENGTH)
      this.#repo.rotate(tenantId, name, key, now)
      this.#events.emit('remote-key:generated', { tenantId, name, regenerated: true, at: now })
      return { name, key }
    })
  }

  /** The organization whose current remote key this is: the key authenticates as that organization. */
  tenantOf (key: string): Tenant | undefined { return this.#repo.tenantOf(key) }

  clear (): void { this.#repo.clear() }
}
