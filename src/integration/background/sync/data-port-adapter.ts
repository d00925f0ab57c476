import type { DataService } from '../../third-party/data/service.js'
import { passRecords, planPass } from './pass-plan.js'
import type { SyncDataPort, SyncModel, SyncPass } from './sync-data-port.js'

/** The sync scheduler's view of the simulated data; how much a pass writes is planned in pass-plan.ts. */
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
      const plan = planPass(request)
      if (plan.rewrite) data.beginFullRewrite(accountId, modelId)
      let stampUs: number | null = null
      if (plan.all) {
        stampUs = data.runSyncPass(accountId, modelId, { now }).stampUs
      } else {
        const maxRecords = passRecords(request, data.pending(accountId, modelId, now).total)
        if (maxRecords > 0) stampUs = data.runSyncPass(accountId, modelId, { now, maxRecords }).stampUs
      }
      return { syncedFields: fields.get(modelId) ?? [], stampUs }
    },
    finishStamp: (accountId, now) => data.nextStamp(accountId, now)
  }
}
