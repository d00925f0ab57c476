import Database from 'better-sqlite3'
import { migrations } from './migrations/index.js'

export type Db = Database.Database

/**
 * Opens the database and brings its schema up to date. Migrations are forward only and each runs once,
 * recorded in `schema_migrations`, so a file database survives upgrades.
 */
export function openDatabase (path: string): Db {
  if (path === ':memory:') {
    // A blank database's schema and rows replayed as one script (~1 ms): migrating took ~9 ms of every app
    // built (tests and users' suites build hundreds). Not a deserialized image of it: that is a file in
    // SQLite's memdb VFS under a 16 MB page cache, so every page past the cache was copied in on a read and
    // every dirty page copied out at each commit (a simulated day ran 2-3% slower), and it could not grow past 1 GiB.
    const db = new Database(':memory:')
    db.exec(blankScript())
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

/**
 * The bin's bundle carries the blank script, computed by its build from these same migrations
 * (scripts/bundle-server.mjs defines it): building it migrates a scratch database and reads it back, about
 * 20 ms of a cold start. Undefined in the unbundled modules, which build it on their first in-memory database.
 */
declare const UNIMOCK_BLANK_DATABASE_SCRIPT: string | undefined

let blank: string | undefined = typeof UNIMOCK_BLANK_DATABASE_SCRIPT === 'string' ? UNIMOCK_BLANK_DATABASE_SCRIPT : undefined

/**
 * The SQL that rebuilds a database with every migration applied: each schema object in creation order, then
 * every row the migrations left (their ledger, the row counters), as literals.
 */
export function blankScript (): string {
  if (blank === undefined) {
    const db = new Database(':memory:')
    migrate(db)
    const schema = db.prepare(`SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid`)
      .pluck().all() as string[]
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid").pluck().all() as string[]
    const rows: string[] = []
    for (const table of tables) {
      const columns = (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[])
      if (columns.length === 0) continue
      const values = columns.map((c) => `quote("${c}")`).join(" || ',' || ")
      for (const literal of db.prepare(`SELECT ${values} FROM "${table}"`).pluck().all() as string[]) {
        rows.push(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${literal})`)
      }
    }
    db.close()
    blank = [...schema, ...rows].map((sql) => `${sql};`).join('\n')
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
