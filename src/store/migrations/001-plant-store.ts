import type { Migration } from './migration.js'

/** The plant store (/v3): plants, the seeded users, and login sessions. (Never released: edited in place.) */
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
