import type { DefaultScope } from './default-scope-repository.js'

/** Effective scopes kept at most (accounts × models read); past it they are dropped and read again. */
const KEPT_SCOPES = 20_000

/** An account's effective scope of a model (undefined: no such account or model), its disabled fields as a set. */
export interface Effective {
  readonly scope: DefaultScope | undefined
  readonly disabled: ReadonlySet<string>
}

/**
 * Each account's effective scope of a model, as last read: every data read asks, and working it out read the
 * account's rows and built two sets, about 3 KB of garbage a request. The scope service keeps only what it
 * read outside a transaction (one may still roll back), and drops them all on every write of scopes.
 */
export class EffectiveScopes {
  readonly #byAccount = new Map<string, Map<string, Effective>>()
  #count = 0

  get (accountId: string, modelName: string): Effective | undefined {
    return this.#byAccount.get(accountId)?.get(modelName)
  }

  keep (accountId: string, modelName: string, found: Effective): void {
    if (this.#count >= KEPT_SCOPES) this.clear()
    const byModel = this.#byAccount.get(accountId) ?? new Map<string, Effective>()
    this.#byAccount.set(accountId, byModel)
    byModel.set(modelName, found)
    this.#count++
  }

  clear (): void {
    this.#byAccount.clear()
    this.#count = 0
  }
}
