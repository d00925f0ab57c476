import { combine, hashText, unit } from '../../../../core/hash.js'
import type { Catalogue, DataCategory, FieldDef, ModelDef } from '../../../base/catalogue/catalogue.js'
import type { AccountData } from './account-data.js'
import { CompiledModel, type FieldRule } from './compiled-model.js'
import { GeneratedRecord, type RecordMeta } from './generated-record.js'
import { nullShare } from './nulls.js'
import { isPersonModel } from './people.js'
import type { BuildOptions, OwnerInfo, RecordSource } from './record-state.js'
import { remoteData } from './remote-data.js'
import { RuleContext, ruleFor } from './rule.js'
import { RULES } from './rules.js'

export type { BuildOptions }

/**
 * The simulated third-party systems. A record's content is a pure function of (seed, account, model, index,
 * version): nothing but the synced state (index, version, timestamps, deleted) is stored, and every read
 * regenerates the fields. Which rule of the rule table (fake/rules.ts) produces each field is settled once
 * per model; a record then runs the chosen writers, each computing its field on demand (so one field can
 * follow another whatever their order).
 */

/** Mixed into a record's hash before its version is, so that no later version hashes like version 0. */
const VERSION_MIX = 0x5f3759df

export class Generator {
  readonly #catalogue: Catalogue
  readonly #compiled = new Map<string, CompiledModel>()
  /** What relation rules see of the generator. */
  readonly #source: RecordSource = {
    inline: (r, sub, field, n) => {
      const compiled = this.#sub(r.owner.category as DataCategory, sub)
      return Array.from({ length: n }, (_, j) => this.#emit(compiled, this.#child(compiled, r as GeneratedRecord, field, j)))
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

  #record (compiled: CompiledModel, account: AccountData, meta: RecordMeta, options: BuildOptions): GeneratedRecord {
    const h = account.hashOf(compiled.owner.name, meta.index)
    const hv = meta.version === 0 ? h : combine(h ^ VERSION_MIX, meta.version)
    return new GeneratedRecord(compiled, account, meta, h, hv, undefined, 0, '', options)
  }

  #child (compiled: CompiledModel, parent: GeneratedRecord, field: string, position: number): GeneratedRecord {
    const salt = hashText(`${field}#${position}`)
    const meta: RecordMeta = { index: parent.index, version: parent.version, createdUs: parent.createdUs, modifiedUs: parent.modifiedUs, deleted: false }
    return new GeneratedRecord(compiled, parent.account, meta, combine(parent.h, salt), combine(parent.hv, salt), parent, position, field, parent.options)
  }

  #emit (compiled: CompiledModel, r: GeneratedRecord): Record<string, unknown> {
    const out = r.options.sensitive ? compiled.withSensitive(r) : compiled.plain(r)
    if (compiled.remoteAt >= 0 && r.options.remoteData && r.parent === undefined) out[compiled.fields[compiled.remoteAt]!.name] = remoteData(compiled, r)
    return out
  }

  #model (model: ModelDef): CompiledModel {
    return this.#compiled.get(model.id) ?? this.#compile(model.id, ownerOf(model.category, model.name, model.id, model.segment, false, model.fields), model.fields)
  }

  #sub (category: DataCategory, name: string): CompiledModel {
    const key = `${category}.${name}`
    const compiled = this.#compiled.get(key)
    if (compiled !== undefined) return compiled
    const fields = this.#catalogue.subObject(category, name).fields
    return this.#compile(key, ownerOf(category, name, key, '', true, fields), fields)
  }

  /** Settles each field's rule and builds its writer; a nullable field gets its null share unless the rule decides nulls. */
  #compile (key: string, owner: OwnerInfo, fields: readonly FieldDef[]): CompiledModel {
    const compiled = new CompiledModel(owner)
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
