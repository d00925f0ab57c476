import { between } from '../../../../core/hash.js'
import type { Rule } from './rule.js'
import { fixed2, money } from './values.js'

/**
 * What a field gets when no rule of the other concerns names it: last in the table. Strings say what they
 * are (`Employee team note 3`), numbers are amounts, lists and objects are empty.
 */

const EMPTY_OBJECT: Readonly<Record<string, never>> = Object.freeze({})

export const DEFAULTS: readonly Rule[] = [
  { name: 'record-name', when: { field: ['name', 'display_name'], type: 'string' }, make: (c) => { const model = c.owner.name; return (r) => `${model} ${r.index + 1}` } },
  {
    name: 'string',
    when: { type: 'string' },
    make: (c) => { const prefix = `${c.owner.name} ${c.field.name.replace(/_/g, ' ')} `; return (r) => `${prefix}${r.index + 1}` }
  },
  { name: 'number', when: { type: 'number' }, make: (c) => { const s = c.fieldSalt(); return (r) => money(r.varying(s), 10, 100_000) } },
  { name: 'decimal', when: { type: 'decimal' }, make: (c) => { const s = c.fieldSalt(); return (r) => fixed2(money(r.varying(s), 10, 20_000)) } },
  { name: 'integer', when: { type: 'integer' }, make: (c) => { const s = c.fieldSalt(); return (r) => between(r.varying(s), 1, 10_000) } },
  { name: 'string-list', when: { type: 'string-list' }, make: () => () => [] },
  { name: 'object-list', when: { type: 'object-list' }, make: () => () => [] },
  { name: 'object', when: { type: ['object', 'any'] }, make: () => () => EMPTY_OBJECT }
]
