import type { Clock } from '../../core/clock.js'
import { appError } from '../../core/errors.js'
import type { Emitter } from '../../core/events.js'
import type { Ids } from '../../core/ids.js'
import type { Db } from '../../store/database.js'

export interface RemoteKey { name: string, key: string }

/** generate-key made a key, or regenerate-key replaced one's secret; the audit trail records it. */
export interface RemoteKeyGenerated {
  readonly tenantId: number
  readonly name: string
  readonly regenerated: boolean
  readonly at: number
}

/** The remote keys domain's entries in the event map (../domain-events.ts). */
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
  readonly #db: Db
  readonly #clock: Clock
  readonly #ids: Ids
  readonly #events: Emitter<RemoteKeyEvents>

  constructor (deps: { db: Db, clock: Clock, ids: Ids, events: Emitter<RemoteKeyEvents> }) {
    this.#db = deps.db
    this.#clock = deps.clock
    this.#ids = deps.ids
    this.#events = deps.events
  }

  generate (tenantId: number, name: string): RemoteKey {
    const now = this.#clock.now()
    return this.#db.transaction(() => {
      if (this.#exists(tenantId, name)) throw appError('REMOTE_KEY_EXISTS', { name })
      const key = this.#ids.token(KEY_LENGTH)
      this.#db.prepare('INSERT INTO remote_keys (tenant_id, name, key, created_at) VALUES (?, ?, ?, ?)').run(tenantId, name, key, now)
      this.#events.emit('remote-key:generated', { tenantId, name, regenerated: false, at: now })
      return { name, key }
    })()
  }

  regenerate (tenantId: number, name: string): RemoteKey {
    const now = this.#clock.now()
    return this.#db.transaction(() => {
      if (!this.#exists(tenantId, name)) throw appError('REMOTE_KEY_NOT_FOUND', { name })
      const key = this.#ids.token(KEY_LENGTH)
      this.#db.prepare('UPDATE remote_keys SET key = ?, regenerated_at = ? WHERE tenant_id = ? AND name = ?').run(key, now, tenantId, name)
      this.#events.emit('remote-key:generated', { tenantId, name, regenerated: true, at: now })
      return { name, key }
    })()
  }

  #exists (tenantId: number, name: string): boolean {
    return this.#db.prepare('SELECT 1 FROM remote_keys WHERE tenant_id = ? AND name = ?').get(tenantId, name) !== undefined
  }

  clear (): void { this.#db.prepare('DELETE FROM remote_keys').run() }
}
