import { unit } from '../../../../core/hash.js'
import type { Rule } from './rule.js'

/** Yes/no fields: true in the share of records the real systems show, drawn once per record. */

const TRUE_SHARE: Readonly<Record<string, number>> = {
  is_active: 0.9,
  can_email: 0.85,
  disabled: 0.05,
  is_contractor: 0.1,
  confidential: 0.1,
  is_private: 0.15,
  is_student: 0.1,
  is_internal: 0.2,
  is_processed: 0.8,
  required: 0.6,
  is_required: 0.3,
  is_custom: 0.5,
  is_common_model_field: 0.5,
  non_reimbursable: 0.1
}

export const FLAGS: readonly Rule[] = [
  // The user the account token was issued for is the first one.
  { name: 'is_me', when: { field: 'is_me', type: 'boolean' }, make: () => (r) => r.index === 0 },
  {
    name: 'flag',
    when: { type: 'boolean' },
    make: (c) => {
      const share = Object.hasOwn(TRUE_SHARE, c.field.name) ? TRUE_SHARE[c.field.name]! : 0.5
      const s = c.fieldSalt()
      return (r) => unit(r.stable(s)) < share
    }
  }
]
