import type { Db } from './database.js'

/** The settings table: one text value per key. */
export class SettingsRepository {
  readonly #get
  readonly #set
  readonly #delete
  readonly #withPrefix
  readonly #deletePrefix

  constructor (db: Db) {
    this.#get = db.prepare('SELECT value FROM settings WHERE key = ?').pluck()
    this.#set = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
    this.#delete = db.prepare('DELETE FROM settings WHERE key = ?')
    // substr, not LIKE: keys hold underscores, LIKE's wildcard.
    this.#withPrefix = db.prepare('SELECT key, value FROM settings WHERE substr(key, 1, length(@p)) = @p ORDER BY key').raw()
    this.#deletePrefix = db.prepare('DELETE FROM settings WHERE substr(key, 1, length(@p)) = @p')
  }

  get (key: string): string | undefined {
    return this.#get.get(key) as string | undefined
  }

  set (key: string, value: string): void {
    this.#set.run(key, value)
  }

  delete (key: string): void {
    this.#delete.run(key)
  }

  /** Every key that starts with `prefix`, with its value. */
  withPrefix (prefix: string): Array<[string, string]> {
    return this.#withPrefix.all({ p: prefix }) as Array<[string, string]>
  }

  /** Deletes every key that starts with `prefix`. */
  deletePrefix (prefix: string): void {
    this.#deletePrefix.run({ p: prefix })
  }
}
