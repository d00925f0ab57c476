import type { FactoryField, ValueSlots } from './record-shape.js'

/** A model's record in the plain form, as the JSON text `JSON.stringify` would give of the factory's object. */
export type RecordJson = (r: ValueSlots) => string

/** Characters JSON.stringify escapes: quote, backslash, controls, and surrogates (a lone one is escaped). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/

/**
 * One field value as JSON.stringify writes it inside an object, or undefined where it leaves the key out.
 * Strings without anything to escape (nearly all: names, ids, dates) are quoted here; the rest, objects and
 * arrays included, go to JSON.stringify, so the text is JSON.stringify's own by construction.
 */
export function jsonValue (v: unknown): string | undefined {
  switch (typeof v) {
    case 'string': return NEEDS_ESCAPE.test(v) ? JSON.stringify(v) : `"${v}"`
    case 'number': return Number.isFinite(v) ? String(v) : 'null'
    case 'boolean': return v ? 'true' : 'false'
    case 'undefined': case 'function': case 'symbol': return undefined
    default: return JSON.stringify(v)
  }
}

/**
 * A model's JSON writer, derived once from its compiled fields like the record factory (record-shape.ts), so
 * the rule table stays the one source: it writes each field's key and value straight into the record's text,
 * in catalogue order, where building the object and then serialising it walked every field twice and cost a
 * quarter of an uncached page (#49). Writers are shared with the factory and fill the same value slots, so a
 * field computed for another field's sake is computed once either way.
 *
 * Keys come from the catalogue, written in as the JS literal of their JSON text; writers are parameters.
 */
export function recordJsonWriter (fields: readonly FactoryField[], unset: symbol): RecordJson {
  const steps = fields.map((f, i) => {
    const key = JSON.stringify(`${JSON.stringify(f.name)}:`)
    if (!f.shown) return `s += c + ${key} + 'null'; c = ','`
    return `t = json(v[${i}] === unset ? (v[${i}] = w${i}(r)) : v[${i}]); if (t !== undefined) { s += c + ${key} + t; c = ',' }`
  })
  const writers = fields.map((_, i) => `w${i}`)
  const make = new Function('unset', 'json', ...writers,
    `return function (r) { const v = r.values; let s = '{'; let c = ''; let t; ${steps.join('; ')}; return s + '}' }`)
  return make(unset, jsonValue, ...fields.map((f) => f.write)) as RecordJson
}
