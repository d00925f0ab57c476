import type { Catalogue, DataCategory, FieldDef, ModelDef, SubObjectDef } from './catalogue.js'
import { SENSITIVE_FIELDS } from './catalogue.js'
import { between, combine, hashText, unit } from '../../core/hash.js'
import type { AccountInfo, OwnerInfo, RecordState } from './fake/record-state.js'
import { isPersonModel, nullShare, valueWriter } from './fake/semantics.js'
import { companyAt, personAt, placeAt, type Company, type Person } from './fake/values.js'
import type { Place } from './fake/words.js'
import { idCodec, type IdCodec } from './record-ids.js'
import { formatMicros } from './timestamps.js'
import { companySize } from './volumes.js'

/**
 * The simulated third-party systems. A record's content is a pure function of (seed, account, model, index,
 * version): nothing but the synced state (index, version, timestamps, deleted) is stored, and every read
 * regenerates the fields. Relations point at indices of the related model of the same account, so an
 * employee's `company` is the id of a company that account really has.
 */

/** Synced state of one record: what the store keeps. */
export interface RecordMeta {
  readonly index: number
  readonly version: number
  readonly createdUs: number
  readonly modifiedUs: number
  readonly deleted: boolean
}

export interface BuildOptions {
  readonly remoteData: boolean
  readonly sensitive: boolean
  /** Relation fields to sub-objects that are inlined rather than given as ids. */
  readonly expandSubs: ReadonlySet<string>
}

const YEAR_MS = 365 * 86_400_000
/** Sub-object ids encode (parent index × SUB_SLOTS + position). */
const SUB_SLOTS = 32

const SUB_COUNTS: Readonly<Record<string, readonly [number, number]>> = {
  Earning: [2, 4],
  Deduction: [1, 3],
  Tax: [2, 4],
  PhoneNumber: [1, 2],
  EmailAddress: [1, 2],
  AccountingPhoneNumber: [1, 2],
  Url: [0, 2],
  Address: [1, 2],
  Permission: [1, 3],
  ReportItem: [4, 8],
  ScreeningQuestionAnswer: [0, 3],
  TaxComponent: [1, 2],
  PaymentLineItem: [0, 2]
}

const FIELD_MAPPINGS = Object.freeze({ organization_defined_targets: Object.freeze({}), linked_account_defined_targets: Object.freeze({}) })
const EMPTY_LIST: readonly never[] = Object.freeze([])

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

/** Field writers see the full record state, including what only the generator uses (root, slots). */
type Writer = (r: Rec) => unknown
type RefIndex = (r: Rec) => number | null
type RefList = (r: Rec) => number[]

interface CompiledField {
  readonly def: FieldDef
  readonly write: Writer
  /** 0 for a plain field, else REMOTE_DATA or SENSITIVE: fields whose output depends on the request. */
  readonly special: number
}

const UNSET = Symbol('unset')
const REMOTE_DATA = 1
const SENSITIVE = 2

/** One model or sub-object, compiled to field writers once per catalogue. */
class Compiled {
  readonly owner: OwnerInfo
  readonly fields: CompiledField[] = []
  /** Field name → position in `fields` (and in a record's value slots). */
  readonly position = new Map<string, number>()
  readonly refIndex = new Map<string, (r: Rec) => number | undefined>()
  readonly hasRemoteData: boolean

  constructor (owner: OwnerInfo, defs: readonly FieldDef[]) {
    this.owner = owner
    this.hasRemoteData = defs.some((d) => d.shape.t === 'remote_data')
  }

  /**
   * Builds the output object from field values in catalogue order. Generated once per model as an object
   * literal, so every record of a model shares one hidden class instead of growing key by key.
   */
  get shape (): (values: unknown[]) => Record<string, unknown> {
    if (this.#shape === undefined) {
      const body = this.fields.map((f, i) => `${JSON.stringify(f.def.name)}: v[${i}]`).join(',\n')
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the keys are catalogue field names, JSON-quoted
      this.#shape = new Function('v', `return {\n${body}\n}`) as (values: unknown[]) => Record<string, unknown>
    }
    return this.#shape
  }

  #shape: ((values: unknown[]) => Record<string, unknown>) | undefined

  add (def: FieldDef, write: Writer): void {
    this.position.set(def.name, this.fields.length)
    const special = def.shape.t === 'remote_data' ? REMOTE_DATA : SENSITIVE_FIELDS.has(def.name) ? SENSITIVE : 0
    this.fields.push({ def, write, special })
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
  /** The parent's field this sub-object sits in. */
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
    this.#values = new Array<unknown>(compiled.fields.length).fill(UNSET)
  }

  /** The top-level record a sub-object belongs to. */
  root (): Rec {
    return this.parent === undefined ? this : this.parent.root()
  }

  /** Index of the n-th sub-object of a list field of this record, unique within the top-level record. */
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

  place (): Place {
    if (this.parent !== undefined && this.owner.name !== 'Address') return this.parent.place()
    this.#place ??= placeAt(this.stable(0x9a11))
    return this.#place
  }

  bornMs (): number {
    if (this.parent !== undefined) return this.parent.bornMs()
    if (this.#born < 0) this.#born = Math.floor(this.account.anchorMs - unit(this.stable(0xb0a7)) * 3 * YEAR_MS)
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

  remoteId (model: ModelDef, account: AccountData, index: number): string {
    return String(account.remoteBase(model.name) + index)
  }

  /** The index behind a remote id of this model, if it is one. */
  indexOfRemoteId (model: ModelDef, account: AccountData, remoteId: string): number | undefined {
    if (!/^\d{1,15}$/.test(remoteId)) return undefined
    const index = Number(remoteId) - account.remoteBase(model.name)
    return index >= 0 && String(account.remoteBase(model.name) + index) === remoteId ? index : undefined
  }

  #record (compiled: Compiled, account: AccountData, meta: RecordMeta, options: BuildOptions): Rec {
    const h = account.hashOf(compiled.owner.name, meta.index)
    const hv = meta.version === 0 ? h : combine(h ^ 0x5f3759df, meta.version)
    return new Rec(compiled, account, meta, h, hv, undefined, 0, '', options)
  }

  #emit (compiled: Compiled, r: Rec): Record<string, unknown> {
    const fields = compiled.fields
    const values = new Array<unknown>(fields.length)
    let remoteAt = -1
    for (let i = 0; i < fields.length; i++) {
      const special = fields[i]!.special
      if (special === 0) values[i] = r.at(i)
      else if (special === REMOTE_DATA) { values[i] = null; remoteAt = i } else values[i] = r.options.sensitive ? r.at(i) : null
    }
    if (remoteAt >= 0 && r.options.remoteData && r.parent === undefined) values[remoteAt] = remoteData(compiled, values, r)
    return compiled.shape(values)
  }

  #model (model: ModelDef): Compiled {
    let compiled = this.#compiled.get(model.id)
    if (compiled === undefined) {
      compiled = new Compiled(ownerOf(model.category, model.name, model.id, model.segment, false, model.fields), model.fields)
      this.#compiled.set(model.id, compiled)
      this.#fill(compiled, model.fields)
    }
    return compiled
  }

  #sub (category: DataCategory, name: string): Compiled {
    const key = `${category}.${name}`
    let compiled = this.#compiled.get(key)
    if (compiled === undefined) {
      const def: SubObjectDef = this.#catalogue.subObject(category, name)
      compiled = new Compiled(ownerOf(category, name, key, '', true, def.fields), def.fields)
      this.#compiled.set(key, compiled)
      this.#fill(compiled, def.fields)
    }
    return compiled
  }

  #fill (compiled: Compiled, fields: readonly FieldDef[]): void {
    for (const field of fields) {
      const base = this.#writer(compiled, field)
      const share = nullShare(field, compiled.owner)
      const salt = hashText(`null:${field.name}`)
      const nullable = field.nullable && !isBaseField(field) && field.shape.t !== 'ref' && base !== undefined
      compiled.add(field, nullable ? (r) => unit(r.stable(salt)) < share ? null : base(r) : base)
    }
  }

  #writer (compiled: Compiled, field: FieldDef): Writer {
    const owner = compiled.owner
    const s = field.shape
    switch (s.t) {
      case 'id':
        return owner.isSub ? subIdWriter() : (r) => r.account.idOf(owner.name, r.index)
      case 'remote_id': return (r) => r.remoteId()
      case 'created_at': return (r) => formatMicros(r.createdUs)
      case 'modified_at': return (r) => formatMicros(r.modifiedUs)
      case 'remote_was_deleted': return (r) => r.deleted && r.parent === undefined
      case 'field_mappings': return () => FIELD_MAPPINGS
      case 'remote_data': return () => null
      case 'remote-fields': return () => EMPTY_LIST
      case 'ref': return this.#refWriter(compiled, field, s)
      case 'embedded': {
        const sub = s.sub
        const [min, max] = SUB_COUNTS[sub] ?? [1, 3]
        const salt = hashText(`n:${field.name}`)
        return (r) => {
          const compiledSub = this.#sub(owner.category as DataCategory, sub)
          const items = Array.from({ length: between(r.stable(salt), min, max) }, (_, j) => this.#emit(compiledSub, this.#child(compiledSub, r, field.name, j)))
          return s.many ? items : items[0] ?? null
        }
      }
      case 'embedded-model': {
        const target = s.target
        const salt = hashText(`n:${field.name}`)
        return (r) => {
          const model = this.#catalogue.model(owner.category as DataCategory, target)
          const n = Math.min(r.account.count(target), between(r.stable(salt), 1, 4))
          const start = between(r.stable(salt + 1), 0, r.account.count(target) - 1)
          return Array.from({ length: n }, (_, j) => this.build(model, r.account, {
            index: (start + j) % r.account.count(target), version: 0, createdUs: r.createdUs, modifiedUs: r.modifiedUs, deleted: false
          }, NO_OPTIONS))
        }
      }
      default: {
        const w = valueWriter(field, owner)
        if (w === undefined) throw new Error(`no writer for ${owner.modelId}.${field.name} (${s.t})`)
        return w
      }
    }
  }

  #child (compiled: Compiled, parent: Rec, field: string, position: number): Rec {
    const salt = hashText(`${field}#${position}`)
    const meta: RecordMeta = { index: parent.index, version: parent.version, createdUs: parent.createdUs, modifiedUs: parent.modifiedUs, deleted: false }
    return new Rec(compiled, parent.account, meta, combine(parent.h, salt), combine(parent.hv, salt), parent, position, field, parent.options)
  }

  #refWriter (compiled: Compiled, field: FieldDef, s: Extract<FieldDef['shape'], { t: 'ref' }>): Writer {
    const owner = compiled.owner
    const category = owner.category as DataCategory
    if (s.to === 'sub') {
      // Lists of sub-objects (an invoice's line items) are ids unless expanded, then the objects themselves.
      const [min, max] = SUB_COUNTS[s.target] ?? (field.name.startsWith('applied_') ? [0, 2] : [1, 4])
      const salt = hashText(`n:${field.name}`)
      return (r) => {
        const n = s.many ? between(r.stable(salt), min, max) : (unit(r.stable(salt)) < nullShare(field) ? 0 : 1)
        if (n === 0) return s.many ? [] : null
        if (r.options.expandSubs.has(field.name) && r.parent === undefined) {
          const sub = this.#sub(category, s.target)
          const items = Array.from({ length: n }, (_, j) => this.#emit(sub, this.#child(sub, r, field.name, j)))
          return s.many ? items : items[0]!
        }
        const key = `${r.root().owner.name}.${field.name}`
        const ids = Array.from({ length: n }, (_, j) => r.account.idOf(key, r.slot(j)))
        return s.many ? ids : ids[0]!
      }
    }
    if (s.many) {
      const list = this.#refList(compiled, field, s.target)
      compiled.refIndex.set(field.name, (r) => list(r)[0])
      return (r) => list(r).map((i) => r.account.idOf(s.target, i))
    }
    const one = this.#refOne(compiled, field, s.target)
    compiled.refIndex.set(field.name, (r) => one(r) ?? undefined)
    return (r) => {
      const i = one(r)
      return i === null ? null : r.account.idOf(s.target, i)
    }
  }

  /** Which record a single relation points at. */
  #refOne (compiled: Compiled, field: FieldDef, target: string): RefIndex {
    const owner = compiled.owner
    const salt = hashText(`ref:${field.name}`)
    const nullSalt = hashText(`null:${field.name}`)
    const share = field.nullable ? nullShare(field) : 0
    // A sub-object's link to its own parent model (an earning's employee_payroll_run) is the parent.
    if (owner.isSub) {
      return (r) => {
        const root = r.root()
        if (root.owner.name === target) return root.index
        const n = r.account.count(target)
        return n === 0 || unit(r.stable(nullSalt)) < share ? null : between(r.stable(salt), 0, n - 1)
      }
    }
    if (target === owner.name) {
      if (field.name === 'manager') return (r) => r.index === 0 ? null : Math.floor((r.index - 1) / 6)
      return (r) => r.index === 0 || unit(r.stable(nullSalt)) < share ? null : between(r.stable(salt), 0, r.index - 1)
    }
    if (this.#inverse(owner, target, false) !== undefined) {
      // The child side of a parent/children pair: children are dealt round-robin, so each parent's list
      // (see #refList) names exactly the children that point back at it.
      return (r) => r.index % Math.max(1, r.account.count(target))
    }
    return (r) => {
      const n = r.account.count(target)
      return n === 0 || unit(r.stable(nullSalt)) < share ? null : between(r.stable(salt), 0, n - 1)
    }
  }

  #refList (compiled: Compiled, field: FieldDef, target: string): RefList {
    const owner = compiled.owner
    const salt = hashText(`refs:${field.name}`)
    if (!owner.isSub && this.#inverse(owner, target, true) !== undefined) {
      return (r) => {
        const parents = Math.max(1, r.account.count(owner.name))
        const children = r.account.count(target)
        const out: number[] = []
        for (let i = r.index; i < children && out.length < 8; i += parents) out.push(i)
        return out
      }
    }
    return (r) => {
      const n = r.account.count(target)
      if (n === 0) return []
      const k = Math.min(n, between(r.stable(salt), 0, 3))
      const start = between(r.stable(salt + 1), 0, n - 1)
      const step = 1 + (r.stable(salt + 2) % Math.max(1, Math.min(n - 1, 7)))
      const out: number[] = []
      for (let j = 0; j < k; j++) {
        const i = (start + j * step) % n
        if (!out.includes(i)) out.push(i)
      }
      return out
    }
  }

  /**
   * The field on the other side of a parent/children pair: for a child (`Employment.employee`), the parent
   * model's list of children (`Employee.employments`); for a parent's list, the children's single link.
   */
  #inverse (owner: OwnerInfo, target: string, fromParent: boolean): string | undefined {
    if (owner.isSub || target === owner.name) return undefined
    const other = this.#catalogue.byId(`${owner.category}.${target}`)
    if (other === undefined) return undefined
    const back = other.fields.find((f) => f.shape.t === 'ref' && f.shape.to === 'model' && f.shape.target === owner.name && f.shape.many !== fromParent)
    return back?.name
  }
}

const NO_OPTIONS: BuildOptions = { remoteData: false, sensitive: true, expandSubs: new Set() }

function isBaseField (field: FieldDef): boolean {
  const t = field.shape.t
  return t === 'id' || t === 'remote_id' || t === 'created_at' || t === 'modified_at' || t === 'remote_was_deleted' || t === 'field_mappings' || t === 'remote_data' || t === 'remote-fields'
}

/** A sub-object's id: the same whether its parent lists it by id or inlines it (see the sub-object refs). */
function subIdWriter (): Writer {
  return (r) => {
    const rec = r as Rec
    const parent = rec.parent
    if (parent === undefined) return r.account.idOf(r.owner.name, r.index)
    return r.account.idOf(`${rec.root().owner.name}.${rec.field}`, parent.slot(rec.position))
  }
}

function ownerOf (category: DataCategory, name: string, modelId: string, segment: string, isSub: boolean, fields: readonly FieldDef[]): OwnerInfo {
  const names = new Set(fields.map((f) => f.name))
  return {
    category,
    name,
    modelId,
    segment,
    isSub,
    fieldNames: names,
    isPerson: isPersonModel(name) && (names.has('first_name') || names.has('name') || names.has('email_address') || names.has('email'))
  }
}

/** The original payload the third party sent, as `include_remote_data` shows it: camelCase keys, its own ids. */
function remoteData (compiled: Compiled, values: readonly unknown[], r: Rec): Array<{ path: string, data: unknown }> {
  const data: Record<string, unknown> = { id: r.remoteId() }
  for (let i = 0; i < compiled.fields.length; i++) {
    const f = compiled.fields[i]!
    const t = f.def.shape.t
    if (isBaseField(f.def) || t === 'ref' || t === 'embedded' || t === 'embedded-model') continue
    const value = values[i]
    if (value === null || value === undefined || typeof value === 'object') continue
    data[f.def.name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = value
  }
  return [{ path: `/api/v1/${compiled.owner.segment}/${r.remoteId()}`, data }]
}

export { SUB_SLOTS }
