import type { Db } from '../../../store/database.js'

/** One model's scopes as an account set them: null permissions and unlisted fields are the defaults'. */
export interface ScopeOverride {
  readonly modelName: string
  readonly read: boolean | null
  readonly write: boolean | null
  readonly enabledFields: readonly string[]
  readonly disabledFields: readonly string[]
}

interface Row { model_name: string, read_enabled: number | null, write_enabled: number | null, enabled_fields: string, disabled_fields: string }

const flag = (v: number | null): boolean | null => v === null ? null : v === 1
const column = (v: boolean | null): number | null => v === null ? null : v ? 1 : 0

/** Each linked account's own scopes (linked-account-scopes POST, the link's common_models), over the defaults. */
export class ScopeRepository {
  readonly #byAccount
  readonly #upsert
  readonly #removeAccount
  readonly #clear

  constructor (db: Db) {
    this.#byAccount = db.prepare<[string], Row>('SELECT model_name, read_enabled, write_enabled, enabled_fields, disabled_fields FROM account_scope_overrides WHERE linked_account_id = ?')
    this.#upsert = db.prepare(`INSERT INTO account_scope_overrides (linked_account_id, model_name, read_enabled, write_enabled, enabled_fields, disabled_fields) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (linked_account_id, model_name) DO UPDATE SET read_enabled = excluded.read_enabled, write_enabled = excluded.write_enabled,
        enabled_fields = excluded.enabled_fields, disabled_fields = excluded.disabled_fields`)
    this.#removeAccount = db.prepare('DELETE FROM account_scope_overrides WHERE linked_account_id = ?')
    this.#clear = db.prepare('DELETE FROM account_scope_overrides')
  }

  byAccount (accountId: string): Map<string, ScopeOverride> {
    return new Map(this.#byAccount.all(accountId).map((r) => [r.model_name, {
      modelName: r.model_name,
      read: flag(r.read_enabled),
      write: flag(r.write_enabled),
      enabledFields: JSON.parse(r.enabled_fields) as string[],
      disabledFields: JSON.parse(r.disabled_fields) as string[]
    }]))
  }

  save (accountId: string, o: ScopeOverride): void {
    this.#upsert.run(accountId, o.modelName, column(o.read), column(o.write), JSON.stringify(o.enabledFields), JSON.stringify(o.disabledFields))
  }

  /** Forgets what the account set: a new link token's common_models replace it. */
  removeAccount (accountId: string): void { this.#removeAccount.run(accountId) }

  clear (): void { this.#clear.run() }
}
