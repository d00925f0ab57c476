import type { Migration } from './migration.js'

export const jobs: Migration = {
  id: 4,
  name: 'jobs',
  sql: `
    -- Work that falls due later (a sync step, a webhook attempt, a scenario step) is a row, not a timer,
    -- so a restart with a file database carries on where it was.
    CREATE TABLE jobs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL,
      due_at INTEGER NOT NULL,             -- epoch ms, by the injected clock
      dedupe_key TEXT UNIQUE,              -- at most one pending job per key (e.g. the next sync of one model)
      payload TEXT NOT NULL DEFAULT '{}'
    );
    CREATE INDEX jobs_due ON jobs(due_at, id);
  `
}
