import { combine, hashText, unit } from '../../../core/hash.js'
import { customValues } from '../vendor/custom-fields.js'
import type { Catalogue, DataCategory, FieldDef, ModelDef, Shape } from '../catalogue/catalogue.js'
import { SENSITIVE_FIELDS } from '../catalogue/catalogue.js'
import { nullShare } from './nulls.js'
import { isPersonModel } from './people.js'
import type { AccountInfo, BuildOptions, OwnerInfo, RecordSource, RecordState } from './record-state.js'
import { RuleContext, ruleFor, type Draw, type Writer } from './rule.js'
import { RULES } from './rules.js'
import { saltOf } from './salts.js'
import { companyAt, personAt, placeAt, type Company, type Person } from './values.js'
import type { Place } from './words.js'
import { idCodec, type IdCodec } from './record-ids.js'
import { companySize } from './volumes.js'

/**
 * The simulated third-party systems. A record's content is a pure function of (seed, account, model, index,
 * version): nothing but the synced state (index, version, timestamps, deleted) is stored, and every read
 * regenerates the fields. Which rule of the rule table (fake/rules.ts) produces each field is settled once
 * per model; a record then runs the chosen writers, each computing its field on demand (so one field can
 * follow another whatever their order).
 */

/** Synced state of one record: what the store keeps. */
export interface RecordMeta {
  readonly index: number
  readonly version: number
  readonly createdUs: number
  readonly modifiedUs: number
  readonly deleted: boolean
}

export type { BuildOptions }

const YEAR_MS = 365 * 86_400_000
/** Sub-object ids encode (parent index × SUB_SLOTS + position). */
const SUB_SLOTS = 32

/** The index of the top-level record a sub-object's slot (what its id encodes) belongs to. */
export function subObjectRoot (slot: number): number {
  return Math.floor(slot / SUB_SLOTS)
}

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

/** Which rule produces a field, and the salts it draws: see Generator.explain. */
export interface FieldRule {
  readonly field: string
  readonly rule: string
  readonly draws: readonly Draw[]
}

/** Shapes that are the service's own bookkeeping or relations: not part of the third party's payload. */
const NOT_REMOTE: ReadonlySet<Shape['t']> = new Set(['id', 'remote_id', 'created_at', 'modified_at', 'remote_was_deleted', 'field_mappings', 'remote_data', 'remote-fields', 'ref', 'embedded', 'embedded-model'])

const UNSET = Symbol('unset')
const PLAIN = 0
const REMOTE_DATA = 1
const SENSITIVE = 2
const PLACE_SALT = saltOf('place')
const BORN_SALT = saltOf('born')
/** Mixed into a record's hash before its version is, so that no later version hashes like version 0. */
const VERSION_MIX = 0x5f3759df

interface CompiledField {
  readonly name: string
  readonly write: Writer
  /** PLAIN, or REMOTE_DATA or SENSITIVE: fields whose output depends on the request. */
  readonly special: number
  /** Whether the field is part of the original payload that remote_data shows. */
  readonly remote: boolean
  /** remote_data's key for the field: the third party's camelCase. */
  readonly remoteKey: string
  readonly rule: FieldRule
}

/** One model or sub-object, compiled to field writers once per catalogue. */
class Compiled {
  readonly owner: OwnerInfo
  readonly fields: CompiledField[] = []
  /** Field name → position in `fields` (and in a record's value slots). */
  readonly position = new Map<string, number>()
  readonly refIndex = new Map<string, (r: RecordState) => number | undefined>()
  /**
   * Every field in catalogue order, null: each record starts as a copy and gets its non-null values, so the
   * keys come in catalogue order and all records of a model share one hidden class.
   */
  blank: Readonly<Record<string, unknown>> = {}
  /** A record's value slots before any is computed. */
  unset: readonly unknown[] = []

  constructor (owner: OwnerInfo) {
    this.owner = owner
  }

  /** Called once every field is added. */
  seal (): void {
    this.blank = Object.fromEntries(this.fields.map((f) => [f.name, null]))
    this.unset = this.fields.map(() => UNSET)
  }

  add (def: FieldDef, write: Writer, rule: FieldRule): void {
    this.position.set(def.name, this.fields.length)
    const special = def.shape.t === 'remote_data' ? REMOTE_DATA : SENSITIVE_FIELDS.has(def.name) ? SENSITIVE : PLAIN
    const remoteKey = def.name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
    this.fields.push({ name: def.name, write, special, remote: !NOT_REMOTE.has(def.shape.t), remoteKey, rule })
  }
}

/** A record being generated. */
class Rec implements RecordState {
  readonly index: number
  readonly version: number
  readonly h: number
  readonly hv: number
  readonly createdUs: number
  readonly modifiedUs: number
  readonly deleted: boolean
  readonly parent: Rec | undefined
  readonly position: number
  readonly field: string
  readonly owner: OwnerInfo
  readonly account: AccountData
  readonly compiled: Compiled
  readonly options: BuildOptions
  /** Computed field values by field position; UNSET until computed. */
  readonly #values: unknown[]
  #person: Person | undefined
  #place: Place | undefined
  #born = -1

  constructor (compiled: Compiled, account: AccountData, meta: RecordMeta, h: number, hv: number, parent: Rec | undefined, position: number, field: string, options: BuildOptions) {
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
    this.#values = compiled.unset.slice()
  }

  root (): Rec {
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
    let value = this.#values[position]
    if (value === UNSET) {
      value = this.compiled.fields[position]!.write(this)
      this.#values[position] = value
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

export class Generator {
  readonly #catalogue: Catalogue
  readonly #compiled = new Map<string, Compiled>()
  /** What relation rules see of the generator. */
  readonly #source: RecordSource = {
    inline: (r, sub, field, n) => {
      const compiled = this.#sub(r.owner.category as DataCategory, sub)
      return Array.from({ length: n }, (_, j) => this.#emit(compiled, this.#child(compiled, r as Rec, field, j)))
    },
    embed: (r, target, start, n) => {
      const model = this.#catalogue.model(r.owner.category as DataCategory, target)
      const count = r.account.count(target)
      return Array.from({ length: n }, (_, j) => this.build(model, r.account as AccountData, {
        index: (start + j) % count, version: 0, createdUs: r.createdUs, modifiedUs: r.modifiedUs, deleted: false
      }, NO_OPTIONS))
    },
    inverse: (owner, target, fromParent) => {
      if (owner.isSub || target === owner.name) return undefined
      const other = this.#catalogue.byId(`${owner.category}.${target}`)
      const back = other?.fields.find((f) => f.shape.t === 'ref' && f.shape.to === 'model' && f.shape.target === owner.name && f.shape.many !== fromParent)
      return back?.name
    }
  }

  constructor (catalogue: Catalogue) {
    this.#catalogue = catalogue
  }

  /** The full record as the API shows it before model relations are expanded. */
  build (model: ModelDef, account: AccountData, meta: RecordMeta, options: BuildOptions): Record<string, unknown> {
    const compiled = this.#model(model)
    return this.#emit(compiled, this.#record(compiled, account, meta, options))
  }

  /** One field's value, for filtering without generating the rest of the record. */
  fieldValue (model: ModelDef, account: AccountData, meta: RecordMeta, field: string): unknown {
    const compiled = this.#model(model)
    return this.#record(compiled, account, meta, NO_OPTIONS).get(field)
  }

  /** The index behind a remote id of this model, if it is one. */
  indexOfRemoteId (model: ModelDef, account: AccountData, remoteId: string): number | undefined {
    if (!/^\d{1,15}$/.test(remoteId)) return undefined
    const index = Number(remoteId) - account.remoteBase(model.name)
    return index >= 0 && String(account.remoteBase(model.name) + index) === remoteId ? index : undefined
  }

  /** Which rule produces each field of a model or sub-object, and the salts it draws. */
  explain (category: DataCategory, name: string): readonly FieldRule[] {
    const model = this.#catalogue.byId(`${category}.${name}`)
    return (model === undefined ? this.#sub(category, name) : this.#model(model)).fields.map((f) => f.rule)
  }

  #record (compiled: Compiled, account: AccountData, meta: RecordMeta, options: BuildOptions): Rec {
    const h = account.hashOf(compiled.owner.name, meta.index)
    const hv = meta.version === 0 ? h : combine(h ^ VERSION_MIX, meta.version)
    return new Rec(compiled, account, meta, h, hv, undefined, 0, '', options)
  }

  #child (compiled: Compiled, parent: Rec, field: string, position: number): Rec {
    const salt = hashText(`${field}#${position}`)
    const meta: RecordMeta = { index: parent.index, version: parent.version, createdUs: parent.createdUs, modifiedUs: parent.modifiedUs, deleted: false }
    return new Rec(compiled, parent.account, meta, combine(parent.h, salt), combine(parent.hv, salt), parent, position, field, parent.options)
  }

  #emit (compiled: Compiled, r: Rec): Record<string, unknown> {
    const fields = compiled.fields
    const out = { ...compiled.blank }
    const sensitive = r.options.sensitive
    let remoteAt = -1
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i]!
      if (f.special === REMOTE_DATA) {
        remoteAt = i
      } else if (f.special === PLAIN || sensitive) {
        const value = r.at(i)
        if (value !== null) out[f.name] = value
      }
    }
    if (remoteAt >= 0 && r.options.remoteData && r.parent === undefined) out[fields[remoteAt]!.name] = remoteData(compiled, r)
    return out
  }

  #model (model: ModelDef): Compiled {
    return this.#compiled.get(model.id) ?? this.#compile(model.id, ownerOf(model.category, model.name, model.id, model.segment, false, model.fields), model.fields)
  }

  #sub (category: DataCategory, name: string): Compiled {
    const key = `${category}.${name}`
    const compiled = this.#compiled.get(key)
    if (compiled !== undefined) return compiled
    const fields = this.#catalogue.subObject(category, name).fields
    return this.#compile(key, ownerOf(category, name, key, '', true, fields), fields)
  }

  /** Settles each field's rule and builds its writer; a nullable field gets its null share unless the rule decides nulls. */
  #compile (key: string, owner: OwnerInfo, fields: readonly FieldDef[]): Compiled {
    const compiled = new Compiled(owner)
    this.#compiled.set(key, compiled)
    for (const field of fields) {
      const rule = ruleFor(RULES, field, owner)
      if (rule === undefined) throw new Error(`no rule produces ${owner.modelId}.${field.name} (${field.shape.t})`)
      const c = new RuleContext(rule, field, owner, this.#source)
      const made = rule.make(c)
      let write = typeof made === 'function' ? made : made.write
      if (typeof made !== 'function') compiled.refIndex.set(field.name, made.refIndex)
      if (field.nullable && rule.ownNulls !== true) {
        const base = write
        const share = nullShare(field, owner)
        const salt = c.fieldSalt('null:')
        write = (r) => unit(r.stable(salt)) < share ? null : base(r)
      }
      compiled.add(field, write, { field: field.name, rule: rule.name, draws: c.draws })
    }
    compiled.seal()
    return compiled
  }
}

const NO_OPTIONS: BuildOptions = { remoteData: false, sensitive: true, expandSubs: new Set() }

function ownerOf (category: DataCategory, name: string, modelId: string, segment: string, isSub: boolean, fields: readonly FieldDef[]): OwnerInfo {
  const fieldNames = new Set(fields.map((f) => f.name))
  return { category, name, modelId, segment, isSub, fieldNames, isPerson: isPersonModel(name, fieldNames) }
}

/** The original payload the third party sent, as `include_remote_data` shows it: camelCase keys, its own ids. */
function remoteData (compiled: Compiled, r: Rec): Array<{ path: string, data: unknown }> {
  const data: Record<string, unknown> = { id: r.remoteId() }
  const fields = compiled.fields
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!
    if (!f.remote || (f.special === SENSITIVE && !r.options.sensitive)) continue
    const value = r.at(i)
    if (value === null || value === undefined || typeof value === 'object') continue
    data[f.remoteKey] = value
  }
  // The custom fields the common model lacks: the same ones the raw vendor API and remote_fields show.
  Object.assign(data, customValues(`${compiled.owner.category}/${compiled.owner.segment}`, r.remoteId()))
  return [{ path: `/api/v1/${compiled.owner.segment}/${r.remoteId()}`, data }]
}
