import type { Place } from './words.js'
import type { Company, Person } from './values.js'

/**
 * What a field writer sees while one record is generated: stable and per-version hashes, the record's
 * person, place and birth time, and its other fields (computed on demand, so a display name can follow the
 * first and last name whatever the field order).
 */
export interface RecordState {
  readonly index: number
  readonly version: number
  /** Hash of (data set, index): the same for every version of the record. */
  readonly h: number
  /** Hash of (data set, index, version): changes when the remote system changes the record. */
  readonly hv: number
  readonly createdUs: number
  readonly modifiedUs: number
  readonly deleted: boolean
  readonly parent: RecordState | undefined
  /** Position of a sub-object in its parent's list. */
  readonly position: number
  readonly owner: OwnerInfo
  readonly account: AccountInfo
  /** Another field of the same record. */
  get(field: string): unknown
  /** The index of the record a relation field points at (the first one for a list), if any. */
  refIndex(field: string): number | undefined
  stable(salt: number): number
  varying(salt: number): number
  person(): Person
  place(): Place
  /** When the record came into being in the remote system (epoch ms), before the account was linked. */
  bornMs(): number
  remoteId(): string
}

export interface OwnerInfo {
  readonly category: string
  /** Model or sub-object name. */
  readonly name: string
  readonly modelId: string
  readonly segment: string
  readonly isSub: boolean
  readonly fieldNames: ReadonlySet<string>
  readonly isPerson: boolean
}

export interface AccountInfo {
  readonly accountId: string
  readonly hash: number
  /** The instant the account's remote system is described from: its data lies before it. */
  readonly anchorMs: number
  readonly company: Company
  /** People working at the account's company. */
  readonly size: number
  /** Initial population of a model of this account's category. */
  count(modelName: string): number
  /** Id of record `index` of a model, or of a sub-object list keyed `Model.field`. */
  idOf(key: string, index: number): string
  /** The stable hash of record `index` of a model, to derive values from a related record. */
  hashOf(modelName: string, index: number): number
}
