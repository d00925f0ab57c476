import { between, pick } from '../../../../core/hash.js'
import type { OwnerInfo, RecordState } from './record-state.js'
import type { Rule } from './rule.js'
import { companyAt, emailLocal, phoneAt, slug } from './values.js'
import { JOB_TITLES } from './words.js'

/**
 * People and their names: every field of a person comes from the record's one person (`r.person()`: first
 * and last name, gender), so the display name, user name and addresses of a record agree.
 */

const PERSON_MODELS = new Set(['Employee', 'Candidate', 'Contact', 'Lead', 'User', 'RemoteUser', 'Dependent'])

/** A model describes a person when it is one of these and has a name or an address. */
export function isPersonModel (name: string, fields: ReadonlySet<string>): boolean {
  return PERSON_MODELS.has(name) && (fields.has('first_name') || fields.has('name') || fields.has('email_address') || fields.has('email'))
}

function personName (r: RecordState): string {
  const p = r.person()
  return `${p.first} ${p.last}`
}

const MAIL_PROVIDERS = ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'proton.me']

/** People of a CRM or ticketing system are the customers' people; everyone else works at the account's company. */
const CUSTOMER_CATEGORIES = new Set(['crm', 'ticketing'])

/** An address at the person's own mail provider; `salt` and `salt + 1` pick its number and provider. */
function personalEmail (r: RecordState, salt: number): string {
  const p = r.person()
  return `${slug(p.first)}${slug(p.last)}${between(r.stable(salt), 1, 99)}@${pick(r.stable(salt + 1), MAIL_PROVIDERS)}`
}

/** A work address at the company the person works for: the account's, or the customer account's in a CRM. */
function workEmail (owner: OwnerInfo, salt: number): (r: RecordState) => string {
  if (!CUSTOMER_CATEGORIES.has(owner.category)) return (r) => `${emailLocal(r.person())}@${r.account.company.domain}`
  return (r) => {
    const root = r.parent ?? r
    const account = root.refIndex('account')
    return `${emailLocal(r.person())}@${companyAt(account === undefined ? root.stable(salt) : root.account.hashOf('Account', account)).domain}`
  }
}

/** Candidates apply with their own address; the people of a company system use their work address first. */
function personalFirst (r: RecordState): boolean {
  return (r.parent ?? r).owner.name === 'Candidate' || r.position > 0
}

export const PEOPLE: readonly Rule[] = [
  { name: 'first_name', when: { field: 'first_name', type: 'string' }, make: () => (r) => r.person().first },
  { name: 'last_name', when: { field: 'last_name', type: 'string' }, make: () => (r) => r.person().last },
  { name: 'preferred_name', when: { field: 'preferred_name', type: 'string' }, make: () => (r) => r.person().first },
  { name: 'middle_name', when: { field: 'middle_name', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => pick(r.stable(s), ['A.', 'B.', 'J.', 'M.', 'R.', 'L.']) } },
  {
    name: 'person-name',
    when: [{ field: 'display_full_name', type: 'string' }, { field: ['name', 'display_name'], type: 'string', person: true }],
    make: () => personName
  },
  { name: 'username', when: { field: 'username', type: 'string' }, make: () => (r) => emailLocal(r.person()) },
  {
    name: 'ssn',
    when: { field: 'ssn', type: 'string' },
    make: (c) => {
      const s = c.salt('ssn', 3)
      return (r) => `${between(r.stable(s), 100, 899)}-${between(r.stable(s + 1), 10, 99)}-${between(r.stable(s + 2), 1000, 9999)}`
    }
  },
  { name: 'gender', when: { field: 'gender', type: 'enum' }, make: () => (r) => r.person().gender },
  {
    name: 'job-title',
    when: [{ field: 'job_title', type: 'string' }, { field: 'title', type: 'string', model: ['Job', 'JobPosting'] }, { field: 'title', type: 'string', person: true }],
    make: (c) => { const s = c.salt(); return (r) => pick(r.varying(s), JOB_TITLES) }
  },
  {
    // A phone number's digits follow its position in a list (of at most two), so a person's numbers differ.
    name: 'phone',
    when: [
      { field: ['mobile_phone_number', 'phone_number'], type: 'string' },
      { field: 'number', type: 'string', model: 'AccountingPhoneNumber' },
      { field: 'value', type: 'string', model: 'PhoneNumber' }
    ],
    make: (c) => { const s = c.salt('phone', 2); return (r) => phoneAt(r.place(), r.varying(s + r.position)) }
  },
  // Before work-email: an email object's value has the email format too.
  {
    name: 'contact-email',
    when: [{ field: 'email_address', type: 'string', sub: true }, { field: 'value', type: 'string', model: 'EmailAddress' }],
    make: (c) => {
      const personal = c.salt('personal-email', 2)
      const work = workEmail(c.owner, c.salt('email-domain'))
      return (r) => personalFirst(r) ? personalEmail(r, personal) : work(r)
    }
  },
  { name: 'personal-email', when: { field: 'personal_email', type: 'string' }, make: (c) => { const s = c.salt('personal-email', 2); return (r) => personalEmail(r, s) } },
  {
    name: 'work-email',
    when: [{ field: ['work_email', 'email'], type: 'string' }, { field: 'email_address', type: 'string', sub: false }, { type: 'string', format: 'email' }],
    make: (c) => workEmail(c.owner, c.salt('email-domain'))
  }
]
