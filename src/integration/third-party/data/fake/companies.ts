import { pick } from '../../../../core/hash.js'
import type { Rule } from './rule.js'
import { companyAt } from './values.js'
import { BANKS, INDUSTRIES } from './words.js'

/**
 * Companies: the account's own company (`r.account.company`, the same on every record of the account) and
 * other companies drawn from a record's hash (a CRM account, a payee, a bank).
 */

export const COMPANIES: readonly Rule[] = [
  { name: 'legal_name', when: { field: 'legal_name', type: 'string' }, make: () => (r) => r.account.company.legalName },
  { name: 'company', when: { field: 'company', type: 'string' }, make: () => (r) => r.account.company.name },
  { name: 'domains', when: { field: 'domains', type: 'string-list' }, make: () => (r) => [companyAt(r.h).domain] },
  { name: 'industry', when: { field: 'industry', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => pick(r.stable(s), INDUSTRIES) } },
  { name: 'payee', when: { field: 'payee', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => companyAt(r.stable(s)).name } },
  { name: 'bank_name', when: { field: 'bank_name', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => pick(r.stable(s), BANKS) } },
  {
    name: 'provider_name',
    when: { field: 'provider_name', type: 'string' },
    make: (c) => { const s = c.salt(); return (r) => pick(r.stable(s), ['Blue Shield', 'Kaiser Permanente', 'Aetna', 'Fidelity', 'Guardian', 'Delta Dental']) }
  }
]
