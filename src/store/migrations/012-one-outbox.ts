import type { Migration } from './migration.js'

/**
 * One outbox: webhook_deliveries. The events table was a second one, whose rows were "handed over" to the
 * deliveries only to set delivered_at; it stays as the log of linked-account events, and a delivery names
 * the event it delivers, so the log can say when a receiver first took it.
 */
export const oneOutbox: Migration = {
  id: 12,
  name: 'one-outbox',
  sql: `
    DROP INDEX events_due;
    ALTER TABLE events DROP COLUMN delivered_at;
    ALTER TABLE webhook_deliveries ADD COLUMN event_id TEXT;   -- the events row this delivery carries, if any
    CREATE INDEX webhook_deliveries_event ON webhook_deliveries(event_id) WHERE event_id IS NOT NULL;
  `
}
