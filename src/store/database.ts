import Database from 'better-sqlite3'
import { migrations } from './migrations/index.js'

export type Db = Database.Database

/**
 * Opens the database and brings its schema up to date. Migrations are forward only and each runs once,
 * recorded in `schema_migrations`, so a file database survives upgrades.
 */
export function openDatabase (path: string): Db {
  if (path === ':memory:') {
    // A copy of a blank database migrated once per process: migrating took ~9 ms of every app built, a
    // copy ~0.1 ms (tests and users' suites build hundreds).
    const db = new Database(blankSchema())
    db.pragma('foreign_keys = ON')
    return db
  }
  const db = new Database(path)
  // WAL lets readers proceed during a write and makes a crash lose at most the last transaction.
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('busy_timeout = 5000')
  db.pragma('foreign_keys = ON')
  migrate(db)
  return db
}

let blank: Buffer | undefined

/** The image of an in-memory database with every migration applied (foreign keys are per connection). */
function blankSchema (): Buffer {
  if (blank === undefined) {
    const db = new Database(':memory:')
    migrate(db)
    blank = db.serialize()
    db.close()
  }
  return blank
}

function migrate (db: Db): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL)')
  const applied = new Set(db.prepare('SELECT id FROM schema_migrations').pluck().all() as number[])
  const record = db.prepare('INSERT INTO schema_migrations (id, name) VALUES (?, ?)')
  for (const m of migrations) {
    if (applied.has(m.id)) continue
    db.transaction(() => {
      db.exec(m.sql)
      record.run(m.id, m.name)
    })()
  }
}
