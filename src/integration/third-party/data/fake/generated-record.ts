import { combine, unit } from '../../../../core/hash.js'
import type { AccountData } from './account-data.js'
import { type CompiledModel, UNSET } from './compiled-model.js'
import type { BuildOptions, OwnerInfo, RecordState } from './record-state.js'
import { saltOf } from './salts.js'
import { personAt, placeAt, type Person } from './values.js'
import type { Place } from './words.js'

/** Synced state of one record: what the store keeps. */
export interface RecordMeta {
  readonly index: number
  readonly version: number
  readonly createdUs: number
  readonly modifiedUs: number
  readonly deleted: boolean
}

const YEAR_MS = 365 * 86_400_000
/** Sub-object ids encode (parent index × SUB_SLOTS + position). */
const SUB_SLOTS = 32

/** The index of the top-level record a sub-object's slot (what its id encodes) belongs to. */
export function subObjectRoot (slot: number): number {
  return Math.floor(slot / SUB_SLOTS)
}

const PLACE_SALT = saltOf('place')
const BORN_SALT = saltOf('born')

/** A record being generated. */
export class GeneratedRecord implements RecordState {
  readonly index: number
  readonly version: number
  readonly h: number
  readonly hv: number
  readonly createdUs: number
  readonly modifiedUs: number
  readonly deleted: boolean
  readonly parent: GeneratedRecord | undefined
  readonly position: number
  readonly field: string
  readonly owner: OwnerInfo
  readonly account: AccountData
  readonly compiled: CompiledModel
  readonly options: BuildOptions
  /** Computed field values by field position; UNSET until computed (the record factory fills them too). */
  readonly values: unknown[]
  #person: Person | undefined
  #place: Place | undefined
  #born = -1

  constructor (compiled: CompiledModel, account: AccountData, meta: RecordMeta, h: number, hv: number, parent: GeneratedRecord | undefined, position: number, field: string, options: BuildOptions) {
    this.compiled = compiled
    this.owner = compiled.owner
    this.account = account
    this.index = meta.index
    this.version = meta.version
    this.createdUs = meta.createdUs
    this.modifiedUs = meta.modifiedUs
    this.deleted = meta.deleted
    this.h = h
    this.hv = hv
    this.parent = parent
    this.position = position
    this.field = field
    this.options = options
    this.values = compiled.unset.slice()
  }

  root (): GeneratedRecord {
    return this.parent === undefined ? this : this.parent.root()
  }

  slot (n: number): number {
    return this.root().index * SUB_SLOTS + ((this.position * 7 + n) % SUB_SLOTS)
  }

  get (field: string): unknown {
    const at = this.compiled.position.get(field)
    return at === undefined ? undefined : this.at(at)
  }

  at (position: number): unknown {
    let value = this.values[position]
    if (value === UNSET) {
      value = this.compiled.fields[position]!.write(this)
      this.values[position] = value
    }
    return value
  }

  refIndex (field: string): number | undefined {
    return this.compiled.refIndex.get(field)?.(this)
  }

  stable (salt: number): number { return combine(this.h, salt) }
  varying (salt: number): number { return combine(this.hv, salt) }

  person (): Person {
    if (this.parent !== undefined) return this.parent.person()
    this.#person ??= personAt(this.index, this.account.setHash(this.owner.name) % 7919)
    return this.#person
  }

  /** Where the record is; a sub-object is where its parent is, unless it is an address. */
  place (): Place {
    if (this.parent !== undefined && this.owner.name !== 'Address') return this.parent.place()
    this.#place ??= placeAt(this.stable(PLACE_SALT))
    return this.#place
  }

  bornMs (): number {
    if (this.parent !== undefined) return this.parent.bornMs()
    if (this.#born < 0) this.#born = Math.floor(this.account.anchorMs - unit(this.stable(BORN_SALT)) * 3 * YEAR_MS)
    return this.#born
  }

  remoteId (): string {
    if (this.parent !== undefined) return `${this.parent.remoteId()}-${this.position + 1}`
    return String(this.account.remoteBase(this.owner.name) + this.index)
  }
}
