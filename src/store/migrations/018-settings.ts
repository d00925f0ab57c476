import type { Migration } from './migration.js'

/** App-wide settings that outlive a restart with a file database, a row per key (the virtual clock's instant). */
export const settings: Migration = {
  id: 18,
  name: 'settings',
  sql: `
    CREATE TABLE settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    );
  `
}
