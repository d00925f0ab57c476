import { between, pick, unit } from '../../../../core/hash.js'
import type { RecordState } from './record-state.js'
import type { Rule } from './rule.js'
import { fixed2, money } from './values.js'

/**
 * Money and numbers. Amounts are log-uniform between bounds that suit the field; documents add up (total =
 * sub-total + tax - discount, the tax a rate of the sub-total), a line's total is its unit price times its
 * quantity, and net pay follows gross pay. Amounts change with each version of a record.
 */

const round2 = (x: number): number => Math.round(x * 100) / 100
const num = (v: unknown): number => typeof v === 'number' ? v : typeof v === 'string' ? Number(v) || 0 : 0

/** A number field: `money(varying, min, max)` by the field's own salt. */
function amount (name: string, field: string | readonly string[], min: number, max: number): Rule {
  return { name, when: { field, type: 'number' }, make: (c) => { const s = c.fieldSalt(); return (r) => money(r.varying(s), min, max) } }
}

/** A document's total from its parts; `tax` is whichever tax field the document has. */
function documentTotal (tax: string): (r: RecordState) => number {
  return (r) => round2(num(r.get('sub_total')) + num(r.get(tax)) - num(r.get('total_discount')))
}

export const NUMBERS: readonly Rule[] = [
  // Documents with a sub-total: every other amount follows from it.
  { name: 'document-tax', when: { field: ['total_tax_amount', 'tax_amount'], type: 'number', has: 'sub_total' }, make: () => (r) => round2(num(r.get('sub_total')) * 0.0825) },
  {
    name: 'document-discount',
    when: { field: 'total_discount', type: 'number', has: 'sub_total' },
    make: (c) => { const s = c.fieldSalt(); return (r) => unit(r.varying(s)) < 0.7 ? 0 : round2(num(r.get('sub_total')) * 0.05) }
  },
  { name: 'document-total', when: { field: ['total_amount', 'total'], type: 'number', has: ['sub_total', 'total_tax_amount'] }, make: () => documentTotal('total_tax_amount') },
  { name: 'document-total-tax', when: { field: ['total_amount', 'total'], type: 'number', has: 'sub_total' }, make: () => documentTotal('tax_amount') },
  { name: 'document-balance', when: { field: 'balance', type: 'number', has: ['sub_total', 'total_amount'] }, make: () => (r) => r.get('status') === 'PAID' ? 0 : num(r.get('total_amount')) },
  { name: 'document-balance-total', when: { field: 'balance', type: 'number', has: 'sub_total' }, make: () => (r) => r.get('status') === 'PAID' ? 0 : num(r.get('total')) },
  {
    name: 'line-total',
    when: { field: ['total_amount', 'net_amount', 'total'], type: 'number', has: ['unit_price', 'quantity'] },
    make: () => (r) => Math.round(Number(r.get('unit_price') ?? 0) * Number(r.get('quantity') ?? 0) * 100) / 100
  },
  amount('total', ['total_amount', 'net_amount', 'total'], 50, 50_000),
  { name: 'quantity', when: { field: 'quantity', type: 'number' }, make: (c) => { const s = c.fieldSalt(); return (r) => between(r.varying(s), 1, 20) } },
  { name: 'hours_worked', when: { field: 'hours_worked', type: 'number' }, make: (c) => { const s = c.fieldSalt(); return (r) => between(r.varying(s), 1, 10) } },
  amount('pay_rate', 'pay_rate', 25, 180),
  {
    name: 'tax-rate',
    when: { field: ['effective_tax_rate', 'total_tax_rate'], type: 'number' },
    make: (c) => { const s = c.fieldSalt(); return (r) => Math.round(unit(r.varying(s)) * 2500) / 100 }
  },
  amount('gross_pay', 'gross_pay', 1500, 15_000),
  { name: 'net-pay', when: { field: 'net_pay', type: 'number', has: 'gross_pay' }, make: () => (r) => Math.round(Number(r.get('gross_pay') ?? 0) * 0.72 * 100) / 100 },
  amount('net_pay', 'net_pay', 1000, 11_000),
  {
    name: 'hours-balance',
    when: { field: ['balance', 'used'], type: 'number' },
    make: (c) => { const s = c.fieldSalt(); return (r) => Math.round(unit(r.varying(s)) * 160 * 100) / 100 }
  },
  amount('price', ['unit_price', 'purchase_price'], 5, 2_000),

  // Decimal strings.
  { name: 'exchange_rate', when: { field: 'exchange_rate', type: ['string', 'decimal'] }, make: () => () => '1.000000' },
  { name: 'rate', when: { field: 'rate', type: 'decimal' }, make: (c) => { const s = c.fieldSalt(); return (r) => (Math.round(unit(r.stable(s)) * 2500) / 100).toFixed(2) } },
  { name: 'decimal-quantity', when: { field: 'quantity', type: 'decimal' }, make: (c) => { const s = c.fieldSalt(); return (r) => `${between(r.varying(s), 1, 20)}.00` } },
  {
    name: 'amount-string',
    when: { field: /(^|_)(amount|price|balance)$|^(credit|debit)_amount$/, type: 'string' },
    make: (c) => { const s = c.fieldSalt(); return (r) => fixed2(money(r.varying(s), 10, 20_000)) }
  },
  { name: 'currency', when: { field: 'currency', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => pick(r.stable(s), ['USD', 'USD', 'USD', 'EUR', 'GBP', 'CAD']) } },

  // Integers.
  { name: 'days_until_due', when: { field: 'days_until_due', type: 'integer' }, make: (c) => { const s = c.fieldSalt(); return (r) => pick(r.stable(s), [15, 30, 30, 45, 60]) } },
  { name: 'discount_days', when: { field: 'discount_days', type: 'integer' }, make: (c) => { const s = c.fieldSalt(); return (r) => pick(r.stable(s), [0, 10, 10, 15]) } },
  { name: 'number_of_employees', when: { field: 'number_of_employees', type: 'integer' }, make: () => (r) => r.account.size },
  { name: 'stage_order', when: { field: 'stage_order', type: 'integer' }, make: () => (r) => r.index + 1 }
]
