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
  /** The parent's field a sub-object sits in ('' for a model's record). */
  readonly field: string
  readonly owner: OwnerInfo
  readonly account: AccountInfo
  readonly options: BuildOptions
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
  /** The top-level record a sub-object belongs to. */
  root(): RecordState
  /** Index of the n-th sub-object of a list field of this record, unique within the top-level record. */
  slot(n: number): number
}

export interface BuildOptions {
  readonly remoteData: boolean
  readonly sensitive: boolean
  /** Relation fields to sub-objects that are inlined rather than given as ids. */
  readonly expandSubs: ReadonlySet<string>
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

/** What relation rules need from the generator: the other records they inline or point at. */
export interface RecordSource {
  /** The first `n` sub-objects `sub` of `r`'s list field `field`, generated as records of their own. */
  inline(r: RecordState, sub: string, field: string, n: number): Array<Record<string, unknown>>
  /** `n` records of model `target` from index `start` on (wrapping), as an embedded list shows them. */
  embed(r: RecordState, target: string, start: number, n: number): Array<Record<string, unknown>>
  /**
   * The field on the other side of a parent/children pair: for a child (`Employment.employee`), the parent
   * model's list of children (`Employee.employments`); for a parent's list, the children's single link.
   */
  inverse(owner: OwnerInfo, target: string, fromParent: boolean): string | undefined
}
