import { pick } from '../../../../core/hash.js'
import { weightedPicker } from './enums.js'
import type { Rule } from './rule.js'
import { postalCode, streetAt } from './values.js'
import { STREET_2 } from './words.js'

/**
 * Places: every address field of a record comes from the record's one place (`r.place()`: city, state,
 * country, postal prefix, dialling code); a sub-object shares its parent's place unless it is an address.
 */

export const PLACES: readonly Rule[] = [
  { name: 'street_1', when: { field: 'street_1', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => streetAt(r.varying(s)) } },
  { name: 'street_2', when: { field: 'street_2', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => pick(r.varying(s), STREET_2) } },
  { name: 'city', when: { field: 'city', type: 'string' }, make: () => (r) => r.place().city },
  { name: 'state', when: [{ field: ['state', 'country_subdivision'], type: 'string' }, { field: 'state', type: 'any' }], make: () => (r) => r.place().state },
  { name: 'postal-code', when: { field: ['postal_code', 'zip_code'], type: 'string' }, make: (c) => { const s = c.salt(); return (r) => postalCode(r.place(), r.varying(s)) } },
  { name: 'country-name', when: { field: 'country', type: 'string' }, make: () => (r) => r.place().country },
  {
    // An address's country is its place's, where the enum has it.
    name: 'country',
    when: { field: 'country', type: 'enum', has: 'city' },
    make: (c) => {
      const values = c.field.shape.t === 'enum' ? c.field.shape.values : []
      const choose = weightedPicker(values, 'country')
      const s = c.fieldSalt()
      return (r) => values.includes(r.place().country) ? r.place().country : choose(r.stable(s))
    }
  },
  { name: 'location', when: { field: 'location', type: 'string' }, make: () => (r) => `${r.place().city}, ${r.place().state}` },
  { name: 'locations', when: { field: 'locations', type: 'string-list' }, make: () => (r) => [`${r.place().city}, ${r.place().state}`] }
]
