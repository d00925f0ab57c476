import { combine, hashText } from '../../../../core/hash.js'
import type { DataCategory } from '../../../base/catalogue/catalogue.js'
import { idCodec, type IdCodec } from './record-ids.js'
import type { AccountInfo } from './record-state.js'
import { companyAt, type Company } from './values.js'
import { companySize } from './volumes.js'

/** The per-account view the writers use: ids, related records' hashes and model populations. */
export class AccountData implements AccountInfo {
  readonly accountId: string
  readonly hash: number
  readonly anchorMs: number
  readonly company: Company
  readonly size: number
  readonly #category: DataCategory
  readonly #counts: (modelName: string) => number
  readonly #codecs = new Map<string, IdCodec>()
  readonly #setHashes = new Map<string, number>()

  constructor (seed: number, accountId: string, category: DataCategory, anchorMs: number, counts: (modelName: string) => number) {
    this.accountId = accountId
    this.hash = combine(hashText(String(seed)), hashText(accountId))
    this.anchorMs = anchorMs
    this.company = companyAt(this.hash)
    this.size = companySize(this.hash)
    this.#category = category
    this.#counts = counts
  }

  count (modelName: string): number {
    return this.#counts(modelName)
  }

  /** Hash of one model's (or sub-object list's) data set in this account. */
  setHash (key: string): number {
    let h = this.#setHashes.get(key)
    if (h === undefined) {
      h = combine(this.hash, hashText(`${this.#category}.${key}`))
      this.#setHashes.set(key, h)
    }
    return h
  }

  codec (key: string): IdCodec {
    let codec = this.#codecs.get(key)
    if (codec === undefined) {
      codec = idCodec(this.setHash(key))
      this.#codecs.set(key, codec)
    }
    return codec
  }

  idOf (key: string, index: number): string {
    return this.codec(key).encode(index)
  }

  hashOf (modelName: string, index: number): number {
    return combine(this.setHash(modelName), index)
  }

  /** Remote ids are the third party's own numeric ids: a per-model base plus the index, so they decode too. */
  remoteBase (modelName: string): number {
    return 1000 * (10 + (this.setHash(modelName) % 90))
  }
}
