import { hashText } from '../../../../core/hash.js'
import type { FieldDef, Shape } from '../../../base/catalogue/catalogue.js'
import type { OwnerInfo, RecordSource, RecordState } from './record-state.js'
import { saltOf } from './salts.js'

/**
 * A value rule: which fields it produces (`when`) and how (`make`, run once per field of a model, returning
 * the writer run once per record). The rule table (rules.ts) is a list of these; `ruleFor` picks the first
 * that matches, so a table's order is its precedence.
 */

export type Writer = (r: RecordState) => unknown

/** A relation's writer, with the index of the (first) record it points at, for rules that follow relations. */
export interface RelationWriter {
  readonly write: Writer
  readonly refIndex: (r: RecordState) => number | undefined
}

type OneOrMore<T> = T | readonly T[]

/** Conditions on a field and the model (or sub-object) it belongs to; every condition given must hold. */
export interface Match {
  /** The field's name: one, any of several, or a pattern. */
  readonly field?: OneOrMore<string> | RegExp
  /** The catalogue's shape of the field. */
  readonly type?: OneOrMore<Shape['t']>
  /** The string format the catalogue gives (`uri`, `email`). */
  readonly format?: string
  /** The model or sub-object name. */
  readonly model?: OneOrMore<string>
  readonly category?: string
  /** The owner describes a person (see people.ts). */
  readonly person?: boolean
  /** The owner is a sub-object (an address, a phone number) rather than a model. */
  readonly sub?: boolean
  /** The owner also has all these fields. */
  readonly has?: OneOrMore<string>
  /** A relation to records of a model or to sub-objects. */
  readonly relation?: 'model' | 'sub'
  /** A relation or embedded list rather than a single one. */
  readonly many?: boolean
  /** A relation to records of the owner's own model (a manager, a parent team). */
  readonly self?: boolean
}

export interface Rule {
  /** Unique in the table; also the name of the rule's own salt (see salts.ts). */
  readonly name: string
  /** When the rule applies; a list means any of the matches. */
  readonly when: Match | readonly Match[]
  /** Ids, stamps and relations decide their own nulls; every other nullable field gets the null share of nulls.ts. */
  readonly ownNulls?: boolean
  readonly make: (c: RuleContext) => Writer | RelationWriter
}

/** A hash a rule draws, for the salt tests: by name (the rule's own or a shared one) or by the field's name. */
export interface Draw {
  readonly key: string
  readonly salt: number
  /** Consecutive salts from `salt` that the writer uses (`salt`, `salt + 1`, ...). */
  readonly count: number
}

/** What a rule's `make` sees: the field, its owner, its salts, and the generator for relations. */
export class RuleContext {
  readonly field: FieldDef
  readonly owner: OwnerInfo
  readonly source: RecordSource
  readonly rule: Rule
  /** Every salt the rule drew for this field. */
  readonly draws: Draw[] = []

  constructor (rule: Rule, field: FieldDef, owner: OwnerInfo, source: RecordSource) {
    this.rule = rule
    this.field = field
    this.owner = owner
    this.source = source
  }

  /** A salt by name, the rule's own by default; `count` consecutive salts from it are the rule's. */
  salt (name = this.rule.name, count = 1): number {
    const salt = saltOf(name)
    this.draws.push({ key: `salt:${name}`, salt, count })
    return salt
  }

  /** A salt named after the field the rule writes (with a prefix saying what for), so each field draws its own. */
  fieldSalt (prefix = '', count = 1): number {
    const salt = hashText(prefix + this.field.name)
    this.draws.push({ key: `field:${prefix}${this.field.name}`, salt, count })
    return salt
  }
}

/** The first rule of the table that produces this field. */
export function ruleFor (rules: readonly Rule[], field: FieldDef, owner: OwnerInfo): Rule | undefined {
  return rules.find((rule) => Array.isArray(rule.when) ? rule.when.some((m: Match) => matches(m, field, owner)) : matches(rule.when as Match, field, owner))
}

function matches (m: Match, field: FieldDef, owner: OwnerInfo): boolean {
  return is(m.field, field.name) &&
    is(m.type, field.shape.t) &&
    (m.format === undefined || (field.shape.t === 'string' && field.shape.format === m.format)) &&
    is(m.model, owner.name) &&
    (m.category === undefined || m.category === owner.category) &&
    (m.person === undefined || m.person === owner.isPerson) &&
    (m.sub === undefined || m.sub === owner.isSub) &&
    (m.has === undefined || (typeof m.has === 'string' ? [m.has] : m.has).every((f) => owner.fieldNames.has(f))) &&
    (m.relation === undefined || (field.shape.t === 'ref' && field.shape.to === m.relation)) &&
    (m.many === undefined || ('many' in field.shape && field.shape.many === m.many)) &&
    (m.self === undefined || (field.shape.t === 'ref' && (field.shape.target === owner.name) === m.self))
}

function is (wanted: OneOrMore<string> | RegExp | undefined, value: string): boolean {
  if (wanted === undefined) return true
  if (typeof wanted === 'string') return wanted === value
  if (wanted instanceof RegExp) return wanted.test(value)
  return wanted.includes(value)
}
