import type { DataService } from '../data/service.js'
import type { SyncDataPort, SyncModel, SyncPass } from './sync-data-port.js'

/**
 * The sync scheduler's view of the simulated data. A run of N passes spreads what is pending evenly, so
 * the last pass writes the rest; a PARTIALLY_SYNCED run's last pass writes only half of what is left,
 * which stays pending for the next sync (the data service resumes exactly where a pass stopped).
 */
export function createSyncDataPort (data: DataService): SyncDataPort {
  const byCategory = new Map<string, SyncModel[]>()
  const fields = new Map<string, readonly string[]>()
  // A model's initial volume is fixed once its data set exists; every run asks for it.
  const volumes = new Map<string, number>()
  for (const m of data.catalogue.models) {
    const list = byCategory.get(m.category) ?? []
    list.push({ modelId: m.id, modelName: m.name })
    byCategory.set(m.category, list)
    fields.set(m.id, m.fields.map((f) => f.name))
  }

  return {
    models: (category) => byCategory.get(category) ?? [],
    fields: (modelId) => fields.get(modelId) ?? [],
    volume (accountId, _category, modelId) {
      const key = `${accountId}:${modelId}`
      let v = volumes.get(key)
      if (v === undefined) { v = data.volume(accountId, modelId); volumes.set(key, v) }
      return v
    },
    pass (request: SyncPass) {
      const { accountId, modelId, now } = request
      if (request.kind === 'full' && request.pass === 1) data.beginFullRewrite(accountId, modelId)
      const last = request.pass === request.passes
      let stampUs: number | null = null
      if (last && !request.partial) {
        // The last pass of a complete run writes whatever is pending: no need to count it first.
        stampUs = data.runSyncPass(accountId, modelId, { now }).stampUs
      } else {
        const pending = data.pending(accountId, modelId, now).total
        const passesLeft = request.passes - request.pass + 1
        const maxRecords = request.partial && last ? Math.floor(pending / 2) : Math.ceil(pending / passesLeft)
        if (maxRecords > 0) stampUs = data.runSyncPass(accountId, modelId, { now, maxRecords }).stampUs
      }
      return { syncedFields: fields.get(modelId) ?? [], stampUs }
    },
    finishStamp: (accountId, now) => data.nextStamp(accountId, now)
  }
}
