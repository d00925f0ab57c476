/** What a record's factory reads its values from: a record being generated (generated-record.ts). */
export interface ValueSource {
  at(position: number): unknown
}

/** A model's record as an object, from its field values (one per model and form: with sensitive fields or not). */
export type RecordFactory = (r: ValueSource) => Record<string, unknown>

/**
 * A model's record factory, derived once from its compiled fields: a function whose one object literal names
 * every field in catalogue order, each with its writer's value, or null where the form does not show it
 * (sensitive fields in the plain form; remote_data, which the generator adds on request). The literal gives
 * every record of a model one hidden class from the start and stores each key by name; copying a blank record
 * and setting its fields one by one through keyed stores cost a fifth of generating a page, and
 * JSON.stringify reads the literal's records faster too. Field names come from the catalogue, written in as
 * JSON string literals.
 */
export function recordFactory (fields: ReadonlyArray<{ readonly name: string, readonly shown: boolean }>): RecordFactory {
  const entries = fields.map((f, i) => {
    // `__proto__: value` in a literal would set the prototype; a computed key defines the property.
    const key = f.name === '__proto__' ? '["__proto__"]' : JSON.stringify(f.name)
    return `${key}: ${f.shown ? `r.at(${i})` : 'null'}`
  })
  return new Function('r', `return {${entries.join(', ')}}`) as RecordFactory
}
