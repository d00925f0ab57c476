import type { Db } from '../../../store/database.js'

/** One model's default scopes in a category, as the organization set them. */
export interface DefaultScope {
  readonly modelName: string
  readonly read: boolean
  readonly write: boolean
  readonly disabledFields: readonly string[]
}

interface Row { model_name: string, read_enabled: number, write_enabled: number, disabled_fields: string }

/** The organization's (API key's) default scopes per category; a model without a row has everything enabled. */
export class DefaultScopeRepository {
  readonly #byCategory
  readonly #upsert
  readonly #clear

  constructor (db: Db) {
    this.#byCategory = db.prepare<[number, string], Row>('SELECT model_name, read_enabled, write_enabled, disabled_fields FROM default_scopes WHERE tenant_id = ? AND category = ?')
    this.#upsert = db.prepare(`INSERT INTO default_scopes (tenant_id, category, model_name, read_enabled, write_enabled, disabled_fields) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (tenant_id, category, model_name) DO UPDATE SET read_enabled = excluded.read_enabled, write_enabled = excluded.write_enabled, disabled_fields = excluded.disabled_fields`)
    this.#clear = db.prepare('DELETE FROM default_scopes')
  }

  byCategory (tenantId: number, category: string): Map<string, DefaultScope> {
    return new Map(this.#byCategory.all(tenantId, category).map((r) => [r.model_name, {
      modelName: r.model_name,
      read: r.read_enabled === 1,
      write: r.write_enabled === 1,
      disabledFields: JSON.parse(r.disabled_fields) as string[]
    }]))
  }

  save (tenantId: number, category: string, s: DefaultScope): void {
    this.#upsert.run(tenantId, category, s.modelName, s.read ? 1 : 0, s.write ? 1 : 0, JSON.stringify(s.disabledFields))
  }

  clear (): void { this.#clear.run() }
}
