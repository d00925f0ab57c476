import type { Config } from '../../../config.js'
import type { Catalogue } from '../../base/catalogue/catalogue.js'
import type { DataSettings } from './records/data-sets.js'
import { parseVolumeOverrides } from './fake/volumes.js'

/** The data settings from the app's config: seed, volumes (--data-scale, --data-volume), churn (--data-churn), cache (--data-cache-mb). */
export function dataSettingsFrom (config: Config, catalogue: Catalogue): DataSettings {
  const known = (key: string): boolean => catalogue.models.some((m) => key === m.segment || key === m.id || key === `${m.category}.${m.segment}`)
  const overrides = parseVolumeOverrides(config.dataVolume, known)
  if (typeof overrides === 'string') throw new Error(`invalid value for --data-volume: ${overrides}`)
  const churn = config.dataChurn
  return {
    seed: config.seed,
    volumes: { scale: config.dataScale, overrides },
    churn: { changed: churn, created: churn / 4, deleted: churn / 10 },
    cacheBytes: Math.round(config.dataCacheMb * 1024 * 1024)
  }
}
