import { between, pick } from '../../../../core/hash.js'
import { formatMicros } from '../../../../core/timestamps.js'
import type { RecordState } from './record-state.js'
import type { Rule } from './rule.js'
import { ACCOUNT_NAMES } from './words.js'

/**
 * Identifiers: what unimock itself writes on every record (id, remote_id, sync stamps, deletion flag,
 * field mappings) and the remote systems' own numbers and codes (employee numbers, invoice numbers, bank
 * account numbers, tax ids).
 */

const FIELD_MAPPINGS = Object.freeze({ organization_defined_targets: Object.freeze({}), linked_account_defined_targets: Object.freeze({}) })
const EMPTY_LIST: readonly never[] = Object.freeze([])

/** `EMP-1001`-style codes start with the model's name. */
const prefixOf = (model: string): string => model.slice(0, 3).toUpperCase()

/**
 * A sync stamp as text, the last one remembered: the records one sync pass wrote share their stamps, so a
 * page mostly repeats one. Text made by concatenation is a rope that JSON.stringify flattens, a copy for
 * every record; the same string again is flattened once.
 */
function lastStamp (micros: (r: RecordState) => number): (r: RecordState) => string {
  let us = Number.NaN
  let text = ''
  return (r) => {
    const at = micros(r)
    if (at !== us) {
      us = at
      text = formatMicros(at)
    }
    return text
  }
}

/** A string field numbered after the record's index. */
function numbered (field: string, write: (index: number) => string): Rule {
  return { name: field, when: { field, type: 'string' }, make: () => (r) => write(r.index) }
}

export const IDENTIFIERS: readonly Rule[] = [
  { name: 'id', when: { type: 'id', sub: false }, ownNulls: true, make: (c) => { const model = c.owner.name; return (r) => r.account.idOf(model, r.index) } },
  {
    // A sub-object's id: the same whether its parent lists it by id or inlines it (see relations.ts).
    name: 'sub-object-id',
    when: { type: 'id', sub: true },
    ownNulls: true,
    make: () => (r) => {
      const parent = r.parent
      if (parent === undefined) return r.account.idOf(r.owner.name, r.index)
      return r.account.idOf(`${r.root().owner.name}.${r.field}`, parent.slot(r.position))
    }
  },
  { name: 'remote_id', when: { type: 'remote_id' }, ownNulls: true, make: () => (r) => r.remoteId() },
  { name: 'created_at', when: { type: 'created_at' }, ownNulls: true, make: () => lastStamp((r) => r.createdUs) },
  { name: 'modified_at', when: { type: 'modified_at' }, ownNulls: true, make: () => lastStamp((r) => r.modifiedUs) },
  { name: 'remote_was_deleted', when: { type: 'remote_was_deleted' }, ownNulls: true, make: () => (r) => r.deleted && r.parent === undefined },
  { name: 'field_mappings', when: { type: 'field_mappings' }, ownNulls: true, make: () => () => FIELD_MAPPINGS },
  // Filled in by the generator when remote data is asked for.
  { name: 'remote_data', when: { type: 'remote_data' }, ownNulls: true, make: () => () => null },
  { name: 'remote_fields', when: { type: 'remote-fields' }, ownNulls: true, make: () => () => EMPTY_LIST },

  numbered('employee_number', (i) => String(1000 + i)),
  { name: 'code', when: { field: 'code', type: 'string' }, make: (c) => { const p = prefixOf(c.owner.name); return (r) => `${p}-${1000 + r.index}` } },
  { name: 'document-number', when: { field: 'number', type: 'string' }, make: (c) => { const p = prefixOf(c.owner.name); return (r) => `${p}-${String(10000 + r.index)}` } },
  numbered('journal_number', (i) => `JE-${10000 + i}`),
  numbered('transaction_number', (i) => `TX-${100000 + i}`),
  numbered('purchase_order_number', (i) => `PO-${10000 + i}`),
  numbered('report_identifier', (i) => `RPT-${2026 - Math.floor(i / 12)}-${String(12 - (i % 12)).padStart(2, '0')}`),
  numbered('remote_key_name', (i) => `custom_field_${i + 1}`),
  numbered('underlying_transaction_remote_id', (i) => String(200000 + i)),

  // A bank feed's references to accounts and transactions of the bank.
  { name: 'source_account_id', when: { field: 'source_account_id', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => String(5000 + between(r.stable(s), 0, 99)) } },
  { name: 'target_account_id', when: { field: 'target_account_id', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => String(5000 + between(r.stable(s), 0, 99)) } },
  { name: 'source_account_name', when: { field: 'source_account_name', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => pick(r.stable(s), ACCOUNT_NAMES) } },
  { name: 'target_account_name', when: { field: 'target_account_name', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => pick(r.stable(s), ACCOUNT_NAMES) } },
  { name: 'source_account_number', when: { field: 'source_account_number', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => String(between(r.stable(s), 1000, 9999)) } },
  { name: 'source_transaction_id', when: { field: 'source_transaction_id', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => `txn_${(r.stable(s) >>> 0).toString(36)}` } },

  // Bank details and tax ids.
  {
    name: 'account_number',
    when: { field: 'account_number', type: 'string' },
    make: (c) => { const s = c.salt('account_number', 2); return (r) => String(between(r.stable(s), 10_000_000, 99_999_999)) + String(between(r.stable(s + 1), 10, 99)) }
  },
  { name: 'routing_number', when: { field: 'routing_number', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => String(between(r.stable(s), 21_000_000, 32_999_999)).padStart(9, '0') } },
  { name: 'tax_number', when: { field: 'tax_number', type: 'string' }, make: (c) => { const s = c.salt('tax_number', 2); return (r) => `${between(r.stable(s), 10, 99)}-${between(r.stable(s + 1), 1_000_000, 9_999_999)}` } },
  { name: 'eins', when: { field: 'eins', type: 'string-list' }, make: (c) => { const s = c.fieldSalt('', 2); return (r) => [`${between(r.stable(s), 10, 99)}-${between(r.stable(s + 1), 1_000_000, 9_999_999)}`] } }
]
