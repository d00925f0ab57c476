import type { Db } from './database.js'

/** The settings table: one text value per key. */
export class SettingsRepository {
  readonly #get
  readonly #set
  readonly #delete

  constructor (db: Db) {
    this.#get = db.prepare('SELECT value FROM settings WHERE key = ?').pluck()
    this.#set = db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value')
    this.#delete = db.prepare('DELETE FROM settings WHERE key = ?')
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
}
