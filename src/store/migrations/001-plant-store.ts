import type { Migration } from './index.js'

/** The plant store (/v3): plants with their tag index, the seeded users, and login sessions. */
export const plantStore: Migration = {
  id: 1,
  name: 'plant-store',
  sql: `
    CREATE TABLE plants (
      id INTEGER PRIMARY KEY,              -- int64; read with safeIntegers so 2^63-1 round-trips
      name TEXT,
      category TEXT,                       -- JSON of what the client sent; stored, never returned
      status TEXT NOT NULL CHECK (status IN ('available', 'pending', 'sold')),
      tags TEXT NOT NULL DEFAULT '[]'      -- JSON array of strings, in the client's order
    );
    -- The tag search index: one row per distinct tag of a plant.
    CREATE TABLE plant_tags (
      plant_id INTEGER NOT NULL REFERENCES plants(id) ON DELETE CASCADE,
      tag TEXT NOT NULL,
      PRIMARY KEY (tag, plant_id)
    ) WITHOUT ROWID;
    CREATE INDEX plant_tags_plant ON plant_tags(plant_id);
    CREATE INDEX plants_status ON plants(status, id);
    CREATE TABLE users (
      id INTEGER PRIMARY KEY,
      username TEXT NOT NULL UNIQUE,
      email TEXT NOT NULL,
      first_name TEXT,
      last_name TEXT,
      phone TEXT,
      user_status INTEGER NOT NULL DEFAULT 1
    );
    CREATE TABLE plant_sessions (
      token TEXT PRIMARY KEY,
      username TEXT NOT NULL,
      expires_at INTEGER NOT NULL          -- epoch ms, by the injected clock
    );
    CREATE INDEX plant_sessions_expiry ON plant_sessions(expires_at);
  `
}
