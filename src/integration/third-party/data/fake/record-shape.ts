import type { RecordState } from './record-state.js'

/** A record being generated, as its factory sees it: its field values by position, each computed once. */
export interface ValueSlots extends RecordState {
  /** The value of each field by position, or the `unset` marker until a writer computes it. */
  readonly values: unknown[]
}

/** A model's record as an object (one per model and form: with sensitive fields or not). */
export type RecordFactory = (r: ValueSlots) => Record<string, unknown>

export interface FactoryField {
  readonly name: string
  /** Whether the form shows the field; a field it does not show is null and not generated. */
  readonly shown: boolean
  readonly write: (r: RecordState) => unknown
}

/**
 * A model's record factory, derived once from its compiled fields (the rule table stays the source): a
 * function whose one object literal names every field in catalogue order, each with its writer's value
 * (computed here unless another field's writer needed it first), or null where the form does not show it
 * (sensitive fields in the plain form; remote_data, which the generator adds on request).
 *
 * Why a function made from text: the literal gives every record of a model one hidden class and stores each
 * key by name, where copying a blank record and setting its fields through keyed stores cost a fifth of
 * generating a page; and each field's writer is called from a call site of its own, which stays
 * monomorphic (V8 can inline it), where one shared loop called 30 to 60 different writers through one site.
 * Field names come from the catalogue and are written in as JSON string literals; writers are parameters.
 */
export function recordFactory (fields: readonly FactoryField[], unset: symbol): RecordFactory {
  const entries = fields.map((f, i) => {
    // `__proto__: value` in a literal would set the prototype; a computed key defines the property.
    const key = f.name === '__proto__' ? '["__proto__"]' : JSON.stringify(f.name)
    return `${key}: ${f.shown ? `(v[${i}] === unset ? (v[${i}] = w${i}(r)) : v[${i}])` : 'null'}`
  })
  const writers = fields.map((_, i) => `w${i}`)
  const make = new Function('unset', ...writers, `return function (r) { const v = r.values; return {${entries.join(', ')}} }`)
  return make(unset, ...fields.map((f) => f.write)) as RecordFactory
}
