import { type FieldDef, SENSITIVE_FIELDS } from '../../../base/catalogue/catalogue.js'
import { NOT_IN_PAYLOAD, vendorKey } from '../vendor/payload.js'
import type { OwnerInfo, RecordState } from './record-state.js'
import { type RecordFactory, recordFactory } from './record-shape.js'
import type { Draw, Writer } from './rule.js'

/** Which rule produces a field, and the salts it draws: see Generator.explain. */
export interface FieldRule {
  readonly field: string
  readonly rule: string
  readonly draws: readonly Draw[]
}

/** What a field's output depends on besides the record: nothing (PLAIN), or the request. */
export const PLAIN = 0
export const REMOTE_DATA = 1
export const SENSITIVE = 2

/** A value slot not computed yet. */
export const UNSET = Symbol('unset')

export interface CompiledField {
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
export class CompiledModel {
  readonly owner: OwnerInfo
  readonly fields: CompiledField[] = []
  /** Field name → position in `fields` (and in a record's value slots). */
  readonly position = new Map<string, number>()
  readonly refIndex = new Map<string, (r: RecordState) => number | undefined>()
  /** A record as reads show it without and with sensitive fields (remote_data null): see record-shape.ts. */
  plain: RecordFactory = () => ({})
  withSensitive: RecordFactory = () => ({})
  /** The position of remote_data, -1 when the model has none. */
  remoteAt = -1
  /** A record's value slots before any is computed. */
  unset: readonly unknown[] = []

  constructor (owner: OwnerInfo) {
    this.owner = owner
  }

  /** Called once every field is added. */
  seal (): void {
    this.plain = recordFactory(this.fields.map((f) => ({ name: f.name, shown: f.special === PLAIN, write: f.write })), UNSET)
    this.withSensitive = recordFactory(this.fields.map((f) => ({ name: f.name, shown: f.special !== REMOTE_DATA, write: f.write })), UNSET)
    this.remoteAt = this.fields.findIndex((f) => f.special === REMOTE_DATA)
    this.unset = this.fields.map(() => UNSET)
  }

  add (def: FieldDef, write: Writer, rule: FieldRule): void {
    this.position.set(def.name, this.fields.length)
    const special = def.shape.t === 'remote_data' ? REMOTE_DATA : SENSITIVE_FIELDS.has(def.name) ? SENSITIVE : PLAIN
    this.fields.push({ name: def.name, write, special, remote: !NOT_IN_PAYLOAD.has(def.shape.t), remoteKey: vendorKey(def.name), rule })
  }
}
