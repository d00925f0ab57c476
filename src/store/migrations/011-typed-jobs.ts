import type { Migration } from './migration.js'

/**
 * Job payloads name their fields: the sync jobs carried `{a, m}`, now `{accountId, modelId}` (each job kind
 * declares its payload type where it is defined). Pending jobs of an earlier run are rewritten in place.
 */
export const typedJobs: Migration = {
  id: 11,
  name: 'typed-jobs',
  sql: `
    UPDATE jobs SET payload = json_object('accountId', json_extract(payload, '$.a'), 'modelId', json_extract(payload, '$.m'))
      WHERE kind IN ('sync.start', 'sync.pass') AND json_extract(payload, '$.a') IS NOT NULL;
  `
}
