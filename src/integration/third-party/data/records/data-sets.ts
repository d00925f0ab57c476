import type { Clock } from '../../../../core/clock.js'
import { appError } from '../../../../core/errors.js'
import type { Catalogue, DataCategory, ModelDef } from '../../../base/catalogue/catalogue.js'
import { DATA_CATEGORIES } from '../../../base/catalogue/catalogue.js'
import { AccountData } from '../fake/account-data.js'
import { RemoteChanges, type ChurnRates } from './remote-changes.js'
import type { DataRepository, DataSet } from './repository.js'
import { initialCount, type VolumeSettings } from '../fake/volumes.js'

export interface DataSettings {
  readonly seed: number
  readonly volumes: VolumeSettings
  readonly churn: ChurnRates
  /** Byte budget of the serialised-record cache; 0 turns it off. */
  readonly cacheBytes: number
}

/**
 * Which simulated systems exist: one per linked account (created on first use, anchored at that instant)
 * and one data set per model of the account's category, sized when first used. Keeps the per-account
 * generator view (ids, related models' sizes) in memory: it never changes once created.
 */
export class DataSets {
  readonly #repo: DataRepository
  readonly #catalogue: Catalogue
  readonly #settings: DataSettings
  readonly #clock: Clock
  readonly #accounts = new Map<string, AccountData>()

  constructor (repo: DataRepository, catalogue: Catalogue, settings: DataSettings, clock: Clock) {
    this.#repo = repo
    this.#catalogue = catalogue
    this.#settings = settings
    this.#clock = clock
  }

  get settings (): DataSettings { return this.#settings }

  forget (accountId?: string): void {
    this.#repo.forgetSets()
    if (accountId === undefined) this.#accounts.clear()
    else this.#accounts.delete(accountId)
  }

  /** The account's simulated system, created (anchored now) the first time it is needed. */
  account (accountId: string, category: DataCategory): AccountData {
    let data = this.#accounts.get(accountId)
    if (data !== undefined) return data
    let row = this.#repo.account(accountId)
    if (row === undefined) {
      this.#repo.addAccount(accountId, category, this.#clock.now())
      row = this.#repo.account(accountId)!
    }
    data = this.#accountData(accountId, row.category as DataCategory, row.anchorMs)
    this.#accounts.set(accountId, data)
    return data
  }

  /** The account's system if it exists already. */
  existing (accountId: string): AccountData | undefined {
    const cached = this.#accounts.get(accountId)
    if (cached !== undefined) return cached
    const row = this.#repo.account(accountId)
    return row === undefined ? undefined : this.account(accountId, row.category as DataCategory)
  }

  #accountData (accountId: string, category: DataCategory, anchorMs: number): AccountData {
    const counts = new Map<string, number>()
    const data: AccountData = new AccountData(this.#settings.seed, accountId, category, anchorMs, (modelName) => {
      let n = counts.get(modelName)
      if (n === undefined) {
        const model = this.#catalogue.byId(`${category}.${modelName}`)
        n = model === undefined ? 0 : this.#repo.set(accountId, model.id)?.initialCount ?? initialCount(model, data.hash, this.#settings.volumes)
        counts.set(modelName, n)
      }
      return n
    })
    return data
  }

  /** The model's data set, created with its initial size the first time. */
  set (accountId: string, model: ModelDef): DataSet {
    const existing = this.#repo.set(accountId, model.id)
    if (existing !== undefined) return existing
    const data = this.account(accountId, model.category)
    return this.#repo.addSet(accountId, model.id, data.count(model.name))
  }

  existingSet (accountId: string, model: ModelDef): DataSet | undefined {
    return this.#repo.set(accountId, model.id)
  }

  changes (data: AccountData, set: DataSet, model: ModelDef): RemoteChanges {
    return new RemoteChanges(data.setHash(`changes:${model.name}`), set.initialCount, this.#settings.churn)
  }

  /** A model by `{category}.{ModelName}`, or a 400 naming it. */
  model (modelId: string): ModelDef {
    const model = this.#catalogue.byId(modelId)
    if (model === undefined) {
      const category = modelId.split('.')[0] ?? ''
      const known = (DATA_CATEGORIES as readonly string[]).includes(category) ? category : 'hris'
      throw appError('DATA_MODEL_NOT_FOUND', { model: modelId, category: known, example: this.#catalogue.inCategory(known)[0]?.id ?? 'hris.Employee' })
    }
    return model
  }
}
