/**
 * The sync_status_field_names quirk: the spec's shortened sync-status sample names two fields differently
 * (`model`, `last_sync_started`) from its schema (`model_name`, `last_sync_start`). Clients are asked to
 * tolerate both; this rewrites a serialized GET sync-status page into the sample's names, keeping every
 * other field and the order of the keys.
 */
const RENAMED: Readonly<Record<string, string>> = { model_name: 'model', last_sync_start: 'last_sync_started' }

export function renameSyncStatusFields (json: string): string {
  const page = JSON.parse(json) as { results?: unknown }
  if (!Array.isArray(page.results)) return json
  page.results = page.results.map((record: unknown) => {
    if (record === null || typeof record !== 'object') return record
    const out: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(record)) out[RENAMED[key] ?? key] = value
    return out
  })
  return JSON.stringify(page)
}
