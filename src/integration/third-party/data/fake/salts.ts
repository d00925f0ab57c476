import { hashText } from '../../../../core/hash.js'

/**
 * Salts: what a rule mixes into the record's hash so that each field draws its own value. A salt is named;
 * its number is the FNV-1a hash of its name, except for the names below.
 *
 * Why a legacy table: before the rule table the salts were hand-numbered (11, 12, ... 73, 0x9a11), and
 * generated records must stay byte-identical for the same seed, which no name hashes to. So each such salt
 * keeps its old number behind the name of the rule (or shared draw) that uses it. Every rule added from now
 * on gets a salt derived from its name. Where several rules drew one number (on purpose, or by the old
 * numbering), they now draw one name, listed in SHARED_SALTS. test/integration/data/salts.test.ts checks
 * that no other salt is drawn by two rules, that no two names meet on one number, and that no two fields of
 * one record draw the same salt unless this table says so.
 */
const LEGACY_SALTS: ReadonlyMap<string, number> = new Map(Object.entries({
  // names of records
  'name:Job': 11,
  'opportunity-company': 12,
  'opportunity-product': 13,
  'name:Ticket': 14,
  'tax-name': 15,
  'file-kind': 17,
  'file-word': 18,
  // people
  'personal-email': 19, // and 20: the number after the name, then the mail provider
  'email-domain': 21,
  middle_name: 30,
  ssn: 31, // 31 to 33: the three groups of digits
  phone: 34, // plus the position of a phone number in its list (see LEGACY_OVERLAPS)
  'job-title': 35,
  subject: 36,
  // text
  description: 37,
  details: 38,
  body: 39,
  memo: 40,
  employee_note: 41,
  answer: 42,
  label: 43,
  // places and companies
  street_1: 44,
  street_2: 45,
  'postal-code': 46,
  industry: 47,
  bank_name: 48,
  account_number: 49, // and 50
  routing_number: 51,
  tax_number: 52, // and 53
  source: 54,
  provider_name: 55,
  benefit_plan_type: 56,
  deduction_code: 57,
  payee: 58,
  path: 59,
  checksum: 60, // 60 for the stable half, 61 for the half that changes with each version
  ticket_type: 62,
  transaction_type: 63,
  type: 64,
  phone_number_type: 65,
  source_account_id: 66,
  source_account_name: 67,
  source_account_number: 68,
  target_account_id: 69,
  target_account_name: 70,
  source_transaction_id: 71,
  currency: 72,
  'text-value': 73,
  // drawn by every record (see generator.ts)
  place: 0x9a11,
  born: 0xb0a7
}))

/** Salts several rules draw on purpose, with the rules that do and why. */
export const SHARED_SALTS: Readonly<Record<string, { readonly rules: readonly string[], readonly why: string }>> = {
  'tax-name': { rules: ['name:Deduction', 'name:Tax'], why: 'kept from the hand-numbered salts; the models never meet in one record' },
  'file-kind': { rules: ['file-name', 'file-path', 'mime-type'], why: "a file's extension, path and MIME type follow one kind of file" },
  'file-word': { rules: ['file-name', 'file-path'], why: "a file's path ends in its name" },
  'personal-email': { rules: ['personal-email', 'contact-email'], why: "a person's personal address is the same whichever field shows it" },
  'email-domain': { rules: ['work-email', 'contact-email'], why: "a person's work address is the same whichever field shows it" },
  subject: { rules: ['note-subject', 'ticket-title'], why: 'a title or subject line; the model decides which list (kept from the hand-numbered salts)' },
  body: { rules: ['body', 'html-body'], why: 'the HTML body is the plain body in a paragraph' },
  source: { rules: ['source', 'lead_source'], why: 'kept from the hand-numbered salts; a lead has no other source field' },
  'meeting-start': { rules: ['meeting-start', 'event-end'], why: 'a meeting ends a duration after its start' },
  'member-side': { rules: ['member-user', 'member-group'], why: 'one draw decides whether a member is a user or a group, so exactly one of its two fields is set' },
  thread: { rules: ['thread-root', 'thread-conversation'], why: 'a reply is posted in its root message\'s conversation' }
}

/**
 * Legacy numbers that run into each other: a phone number draws 34 plus its position in a list of at most
 * two, so the second one draws job-title's 35. No record has both a phone number and a job title drawn
 * from the same hash (a phone number in a list is a record of its own), so the values stay independent.
 */
export const LEGACY_OVERLAPS: ReadonlyArray<{ readonly names: readonly [string, string], readonly why: string }> = [
  { names: ['phone', 'job-title'], why: 'the second phone number of a list draws 35; phone numbers in lists are records of their own' }
]

/** Salts every record draws besides its fields' rules. */
export const RECORD_SALTS = ['place', 'born'] as const

/** A salt's number: the legacy one if the name has one, else the hash of the name. */
export function saltOf (name: string): number {
  return LEGACY_SALTS.get(name) ?? hashText(name)
}

/** The names that keep a hand-numbered salt, for the salt tests. */
export function legacySaltNames (): string[] {
  return [...LEGACY_SALTS.keys()]
}
