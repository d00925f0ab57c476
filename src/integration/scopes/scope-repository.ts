import type { Db } from '../../store/database.js'

export interface StoredScope {
  readonly modelName: string
  readonly writeEnabled: boolean
  readonly disabledFields: readonly string[]
}

interface Row { model_name: string, write_enabled: number, disabled_fields: string }

/** The per-account WRITE permission and disabled fields (READ is the sync state's `enabled`). */
export class ScopeRepository {
  readonly #byAccount
  readonly #upsert
  readonly #clear

  constructor (db: Db) {
    this.#byAccount = db.prepare<[string], Row>('SELECT model_name, write_enabled, disabled_fields FROM linked_account_scopes WHERE linked_account_id = ?')
    this.#upsert = db.prepare(`INSERT INTO linked_account_scopes (linked_account_id, model_name, write_enabled, disabled_fields) VALUES (?, ?, ?, ?)
      ON CONFLICT (linked_account_id, model_name) DO UPDATE SET write_enabled = excluded.write_enabled, disabled_fields = excluded.disabled_fields`)
    this.#clear = db.prepare('DELETE FROM linked_account_scopes')
  }

  byAccount (accountId: string): Map<string, StoredScope> {
    return new Map(this.#byAccount.all(accountId).map((r) => [r.model_name, {
      modelName: r.model_name,
      writeEnabled: r.write_enabled === 1,
      disabledFields: JSON.parse(r.disabled_fields) as string[]
    }]))
  }

  save (accountId: string, scope: StoredScope): void {
    this.#upsert.run(accountId, scope.modelName, scope.writeEnabled ? 1 : 0, JSON.stringify(scope.disabledFields))
  }

  clear (): void { this.#clear.run() }
}
