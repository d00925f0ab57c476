import { between, pick, unit } from '../../../../core/hash.js'
import type { Rule, RuleContext } from './rule.js'

/**
 * Enums, and the string fields that hold a value from a short list of kinds (a ticket type, a deduction
 * code). A status, stage, priority or result is what changes most between syncs, so it is drawn per
 * version; identities and kinds stay.
 */

/** How often each value occurs where the real systems are lopsided; values left out are never chosen. */
const ENUM_WEIGHTS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  employment_status: { ACTIVE: 85, PENDING: 5, INACTIVE: 10 },
  status: { ACTIVE: 60, OPEN: 30, PAID: 40, PUBLISHED: 40, DONE: 20, CLOSED: 20 },
  currency: { USD: 70, EUR: 10, GBP: 8, CAD: 6, AUD: 6 },
  country: { US: 60, GB: 8, CA: 8, DE: 6, FR: 4, NL: 4, IE: 3, AU: 3, SG: 2, IN: 2 },
  base_currency: { USD: 80, EUR: 10, GBP: 10 },
  transaction_currency: { USD: 70, EUR: 15, GBP: 15 },
  // An American workforce, roughly (filing status and ethnicity as the BLS and IRS publish them): the rare
  // values are rare, not a fifth of the staff.
  marital_status: { SINGLE: 45, MARRIED_FILING_JOINTLY: 40, HEAD_OF_HOUSEHOLD: 10, MARRIED_FILING_SEPARATELY: 4, QUALIFYING_WIDOW_OR_WIDOWER_WITH_DEPENDENT_CHILD: 1 },
  ethnicity: {
    WHITE: 58, HISPANIC_OR_LATINO: 17, BLACK_OR_AFRICAN_AMERICAN: 12, ASIAN_OR_INDIAN_SUBCONTINENT: 7, TWO_OR_MORE_RACES: 2,
    PREFER_NOT_TO_DISCLOSE: 2, AMERICAN_INDIAN_OR_ALASKA_NATIVE: 1, NATIVE_HAWAIIAN_OR_OTHER_PACIFIC_ISLANDER: 1
  },
  employment_type: { FULL_TIME: 82, PART_TIME: 9, CONTRACTOR: 5, INTERN: 3, FREELANCE: 1 },
  flsa_status: { EXEMPT: 45, NONEXEMPT: 40, SALARIED_NONEXEMPT: 14, OWNER: 1 },
  pay_period: { YEAR: 55, HOUR: 35, MONTH: 4, EVERY_TWO_WEEKS: 2, SEMIMONTHLY: 1, WEEK: 1, DAY: 1, QUARTER: 1, EVERY_SIX_MONTHS: 0 },
  pay_frequency: { BIWEEKLY: 45, SEMIMONTHLY: 20, MONTHLY: 15, WEEKLY: 15, QUARTERLY: 1, SEMIANNUALLY: 1, ANNUALLY: 1, 'THIRTEEN-MONTHLY': 1, PRO_RATA: 1 }
}

/** Picks one of the values by the weights of the field named (uniformly if it has none). */
export function weightedPicker (values: readonly string[], field: string): (h: number) => string {
  if (values.length === 0) return () => 'OTHER'
  const weights = Object.hasOwn(ENUM_WEIGHTS, field) ? ENUM_WEIGHTS[field] : undefined
  if (weights === undefined) return (h) => pick(h, values)
  // Values a weight table leaves out are not chosen (a currency list has 300 entries; most companies bill in a few).
  const table = values.map((v) => weights[v] ?? 0)
  const total = table.reduce((a, b) => a + b, 0)
  if (total === 0) return (h) => pick(h, values)
  return (h) => {
    let x = unit(h) * total
    for (let i = 0; i < values.length; i++) {
      x -= table[i]!
      if (x < 0) return values[i]!
    }
    return values[values.length - 1]!
  }
}

function enumValues (c: RuleContext): readonly string[] {
  const s = c.field.shape
  return s.t === 'enum' || s.t === 'enum-list' ? s.values : []
}

/** A string field holding one of a few kinds, drawn once per record. */
function kind (field: string, items: readonly string[], salt = field): Rule {
  return { name: field, when: { field, type: 'string' }, make: (c) => { const s = c.salt(salt); return (r) => pick(r.stable(s), items) } }
}

export const ENUMS: readonly Rule[] = [
  kind('type', ['Primary', 'Secondary', 'Other']),
  kind('ticket_type', ['Incident', 'Question', 'Problem', 'Task']),
  kind('transaction_type', ['Deposit', 'Check', 'Transfer', 'Charge', 'Refund']),
  kind('phone_number_type', ['Mobile', 'Work', 'Home']),
  kind('benefit_plan_type', ['MEDICAL', 'DENTAL', 'VISION', 'RETIREMENT', 'HSA', 'FSA']),
  kind('deduction_code', ['401K', 'MED', 'DEN', 'VIS', 'HSA']),
  kind('source', ['LinkedIn', 'Referral', 'Company Website', 'Indeed', 'Agency', 'Career Fair']),
  kind('lead_source', ['Website', 'Webinar', 'Trade Show', 'Referral', 'Cold Call', 'Partner'], 'source'),
  { name: 'email_address_type', when: { field: 'email_address_type', type: 'string' }, make: () => (r) => r.position === 0 ? 'Work' : 'Personal' },
  { name: 'item-type', when: { field: ['item_type', 'item_format'], type: 'string' }, make: () => () => 'string' },
  { name: 'related_object_type', when: { field: 'related_object_type', type: 'string' }, make: () => () => 'INVOICE' },
  {
    name: 'enum-status',
    when: { field: /status|stage|priority|result/, type: 'enum' },
    make: (c) => { const choose = weightedPicker(enumValues(c), c.field.name); const s = c.fieldSalt(); return (r) => choose(r.varying(s)) }
  },
  {
    name: 'enum',
    when: { type: 'enum' },
    make: (c) => { const choose = weightedPicker(enumValues(c), c.field.name); const s = c.fieldSalt(); return (r) => choose(r.stable(s)) }
  },
  {
    name: 'enum-list',
    when: { type: 'enum-list' },
    make: (c) => {
      const values = enumValues(c)
      const s = c.fieldSalt('', 2)
      return (r) => {
        const n = Math.min(values.length, between(r.stable(s), 1, 3))
        const start = between(r.stable(s + 1), 0, values.length - 1)
        return Array.from({ length: n }, (_, i) => values[(start + i) % values.length]!)
      }
    }
  }
]
