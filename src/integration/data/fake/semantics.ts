import type { FieldDef } from '../catalogue.js'
import { formatDay, formatSeconds } from '../timestamps.js'
import { between, hashText, pick, unit } from '../../../core/hash.js'
import type { OwnerInfo, RecordState } from './record-state.js'
import { companyAt, emailLocal, fixed2, money, numbered, phoneAt, postalCode, slug, streetAt } from './values.js'
import * as W from './words.js'

/**
 * What a field means, from its name and its model: a `name` is a person's full name on an Employee, a company
 * name on a CRM Account and a product on an Item; `end_date` follows `start_date`; `total_amount` is unit price
 * times quantity when both exist. Writers return plain JSON values of the catalogue's type, never "".
 */
export type Writer = (r: RecordState) => unknown

const DAY = 86_400_000
const YEAR = 365 * DAY

const PERSON_MODELS = new Set([
  'Employee', 'Candidate', 'Contact', 'Lead', 'User', 'RemoteUser', 'Dependent'
])

export function isPersonModel (name: string): boolean {
  return PERSON_MODELS.has(name)
}

/** Share of records whose nullable field is null, where the real systems often leave it empty. */
const NULL_SHARE: Readonly<Record<string, number>> = {
  middle_name: 0.7,
  preferred_name: 0.8,
  street_2: 0.7,
  personal_email: 0.3,
  mobile_phone_number: 0.2,
  avatar: 0.4,
  custom_fields: 0.6,
  employee_note: 0.7,
  memo: 0.4,
  description: 0.15,
  parent_team: 0.4,
  parent_group: 0.5,
  parent_category: 0.6,
  parent_account: 0.6,
  parent_folder: 0.3,
  parent_ticket: 0.8,
  parent_article: 0.8,
  parent_container: 0.4,
  parent_collection: 0.6,
  converted_contact: 0.7,
  converted_account: 0.7,
  reject_reason: 0.7,
  closed_at: 0.4,
  completed_at: 0.4,
  rejected_at: 0.8,
  checksum: 0.5
}

/** The value an email, phone or URL object exists for: never null in such an object. */
const SUB_PRIMARY = new Set(['value', 'email_address', 'phone_number', 'number'])

export function nullShare (field: FieldDef, owner?: OwnerInfo): number {
  if (owner?.isSub === true && SUB_PRIMARY.has(field.name)) return 0
  return NULL_SHARE[field.name] ?? (field.shape.t === 'ref' ? 0.05 : 0.02)
}

const salt = (name: string): number => hashText(name)

// ---- dates ---------------------------------------------------------------------------------------------

/** start → end pairs: an end-like field is its start plus a duration that suits the field. */
const END_OF: Readonly<Record<string, readonly string[]>> = {
  end_date: ['start_date', 'hire_date'],
  end_time: ['start_time'],
  end_at: ['start_at'],
  end_period: ['start_period'],
  due_date: ['issue_date', 'transaction_date'],
  delivery_date: ['issue_date'],
  termination_date: ['start_date', 'hire_date'],
  completed_at: ['remote_created_at'],
  closed_at: ['remote_created_at'],
  completed_date: ['remote_created_at'],
  paid_on_date: ['issue_date', 'check_date'],
  posted_date: ['transaction_date'],
  rejected_at: ['applied_at'],
  converted_date: ['remote_created_at']
}

function durationMs (field: string, owner: OwnerInfo, h: number): number {
  if (field === 'due_date' || field === 'paid_on_date') return between(h, 14, 45) * DAY
  if (field === 'end_period') return between(h, 28, 31) * DAY
  if (field === 'termination_date') return between(h, 120, 1500) * DAY
  if (field === 'end_time' || field === 'end_at') return owner.name === 'TimesheetEntry' ? between(h, 4, 10) * 3_600_000 : between(h, 30, 90) * 60_000
  if (owner.name === 'TimeOff') return between(h, 1, 10) * DAY
  if (owner.name.includes('Payroll')) return 14 * DAY
  return between(h, 1, 30) * DAY
}

/** Day precision for *_date and `date`, seconds for *_at and *_time, as the third-party systems report them. */
function formatFor (field: string, ms: number): string {
  return field.endsWith('_at') || field.endsWith('_time') ? formatSeconds(ms) : formatDay(Math.floor(ms / DAY))
}

function dateWriter (field: FieldDef, owner: OwnerInfo): Writer {
  const name = field.name
  const s = salt(name)
  if (name === 'date_of_birth') {
    return (r) => formatDay(Math.floor((r.account.anchorMs - (20 * YEAR + unit(r.stable(s)) * 45 * YEAR)) / DAY))
  }
  if (name === 'remote_created_at') return (r) => formatSeconds(r.bornMs())
  if (name === 'remote_updated_at' || name === 'remote_last_modified_at') {
    // The remote change that the last sync picked up happened shortly before that sync.
    return (r) => formatSeconds(r.version === 0
      ? r.bornMs() + unit(r.stable(s)) * (r.account.anchorMs - r.bornMs())
      : Math.floor(r.modifiedUs / 1000) - between(r.varying(s), 1, 240) * 60_000)
  }
  if (name === 'start_date' && owner.fieldNames.has('hire_date')) return (r) => r.get('hire_date') ?? formatDay(Math.floor(r.bornMs() / DAY))
  if (name === 'termination_date') {
    return (r) => {
      const status = r.get('employment_status')
      if (status !== 'INACTIVE') return null
      return formatFor(name, startOf(r, END_OF[name]!) + durationMs(name, owner, r.stable(s)))
    }
  }
  const starts = END_OF[name]?.filter((f) => owner.fieldNames.has(f))
  if (starts !== undefined) {
    return (r) => formatFor(name, startOf(r, starts) + durationMs(name, owner, r.stable(s)))
  }
  // A start-like or point-in-time field: some time after the record came into being, before the link.
  return (r) => {
    const born = r.bornMs()
    const at = Math.min(born + unit(r.stable(s)) * 30 * DAY, r.account.anchorMs - DAY)
    return formatFor(name, Math.max(born, at))
  }
}

function startOf (r: RecordState, starts: readonly string[]): number {
  for (const f of starts) {
    const v = r.get(f)
    if (typeof v === 'string') return Date.parse(v)
  }
  return r.bornMs()
}

// ---- strings -------------------------------------------------------------------------------------------

const MODEL_NAMES: Readonly<Record<string, (r: RecordState) => string>> = {
  Company: (r) => r.account.company.name,
  CompanyInfo: (r) => r.account.company.name,
  Account: (r) => r.owner.category === 'accounting' ? numbered(W.ACCOUNT_NAMES, r.index) : companyAt(r.h).name,
  Location: (r) => `${r.place().city} Office`,
  Office: (r) => `${r.place().city} Office`,
  Team: (r) => `${numbered(W.TEAM_WORDS, r.index)} Team`,
  Group: (r) => numbered(W.DEPARTMENTS, r.index),
  PayGroup: (r) => numbered(['Biweekly - US', 'Monthly - UK', 'Semi-monthly - Contractors', 'Weekly - Hourly'], r.index),
  Department: (r) => numbered(W.DEPARTMENTS, r.index),
  Job: (r) => pick(r.stable(11), W.JOB_TITLES),
  JobPosting: (r) => `${pick(r.stable(11), W.JOB_TITLES)} (${r.place().city})`,
  JobInterviewStage: (r) => W.STAGE_NAMES[r.index % W.STAGE_NAMES.length]!,
  RejectReason: (r) => numbered(W.REJECT_REASONS, r.index),
  Tag: (r) => numbered(r.owner.category === 'ats' ? W.SKILLS_TAGS : ['billing', 'bug', 'urgent', 'vip', 'feature-request', 'onboarding', 'refund', 'sso'], r.index),
  Stage: (r) => numbered(W.PIPELINE_STAGES, r.index),
  Opportunity: (r) => `${companyAt(r.stable(12)).name} - ${pick(r.stable(13), W.PRODUCTS)}`,
  Item: (r) => numbered(W.PRODUCTS, r.index),
  Project: (r) => `${numbered(W.TEAM_WORDS, r.index)} Project`,
  TaxRate: (r) => numbered(W.TAX_NAMES, r.index),
  PaymentTerm: (r) => numbered(W.PAYMENT_TERMS, r.index),
  PaymentMethod: (r) => numbered(W.PAYMENT_METHODS, r.index),
  TrackingCategory: (r) => numbered([...W.DEPARTMENTS, 'North America', 'EMEA', 'APAC'], r.index),
  AccountingPeriod: (r) => `FY${2026 - Math.floor(r.index / 12)} P${12 - (r.index % 12)}`,
  BalanceSheet: (r) => `Balance Sheet ${reportMonth(r)}`,
  IncomeStatement: (r) => `Profit and Loss ${reportMonth(r)}`,
  CashFlowStatement: (r) => `Cash Flow ${reportMonth(r)}`,
  BankFeedAccount: (r) => numbered(['Operating Account', 'Payroll Account', 'Savings Account'], r.index),
  Collection: (r) => numbered(W.COLLECTION_NAMES, r.index),
  Role: (r) => numbered(W.ROLE_NAMES, r.index),
  Drive: (r) => numbered(W.DRIVE_NAMES, r.index),
  Folder: (r) => numbered(W.FOLDER_NAMES, r.index),
  File: (r) => fileName(r),
  Attachment: (r) => fileName(r),
  AccountingAttachment: (r) => fileName(r),
  Ticket: (r) => pick(r.stable(14), W.TICKET_SUBJECTS),
  EngagementType: (r) => numbered(['Call', 'Meeting', 'Email', 'Demo'], r.index),
  CustomObjectClass: (r) => numbered(['Vehicle', 'Subscription', 'Property', 'Asset'], r.index),
  EmployerBenefit: (r) => numbered(W.BENEFIT_PLANS, r.index),
  Deduction: (r) => pick(r.stable(15), W.DEDUCTIONS),
  Tax: (r) => pick(r.stable(15), W.TAX_NAMES),
  TaxComponent: (r) => pick(r.stable(15), W.TAX_NAMES),
  Container: (r) => numbered(W.FOLDER_NAMES, r.index),
  Article: (r) => numbered(W.ARTICLE_TITLES, r.index),
  ReportItem: (r) => W.REPORT_LINES[r.position % W.REPORT_LINES.length]!,
  ScreeningQuestion: (r) => pick(r.stable(16), ['Are you authorized to work in this country?', 'Years of relevant experience?', 'Desired start date?', 'Willing to relocate?'])
}

function reportMonth (r: RecordState): string {
  const d = new Date(r.account.anchorMs - (r.index + 1) * 30 * DAY)
  return d.toISOString().slice(0, 7)
}

function fileName (r: RecordState): string {
  const kind = pick(r.stable(17), W.FILE_KINDS)
  return `${pick(r.stable(18), kind.words)} ${r.index + 1}.${kind.ext}`
}

function fileKind (r: RecordState): typeof W.FILE_KINDS[number] {
  return pick(r.stable(17), W.FILE_KINDS)
}

function personName (r: RecordState): string {
  const p = r.person()
  return `${p.first} ${p.last}`
}

function sentence (r: RecordState, s: number): string {
  return pick(r.varying(s), W.SENTENCES)
}

function urlFor (r: RecordState, kind: string): string {
  return `https://${r.account.company.domain.replace('.com', '')}.example-${r.owner.category}.com/${kind}/${r.remoteId()}`
}

function emailFor (r: RecordState, personal: boolean): string {
  const p = r.person()
  if (personal) return `${slug(p.first)}${slug(p.last)}${between(r.stable(19), 1, 99)}@${pick(r.stable(20), ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'proton.me'])}`
  return `${emailLocal(p)}@${domainFor(r)}`
}

/** People of a CRM or ticketing account write from that company's domain; employees from the account's own. */
function domainFor (r: RecordState): string {
  const root = r.parent ?? r
  if (root.owner.category === 'crm' || root.owner.category === 'ticketing') {
    const account = root.refIndex('account')
    return companyAt(account === undefined ? root.stable(21) : root.account.hashOf('Account', account)).domain
  }
  return root.account.company.domain
}

/** Candidates apply with their own address; the people of a company system use their work address first. */
function personalFirst (r: RecordState): boolean {
  return (r.parent ?? r).owner.name === 'Candidate' || r.position > 0
}

const STRINGS: Readonly<Record<string, Writer>> = {
  first_name: (r) => r.person().first,
  last_name: (r) => r.person().last,
  middle_name: (r) => pick(r.stable(30), ['A.', 'B.', 'J.', 'M.', 'R.', 'L.']),
  preferred_name: (r) => r.person().first,
  display_full_name: personName,
  username: (r) => emailLocal(r.person()),
  ssn: (r) => `${between(r.stable(31), 100, 899)}-${between(r.stable(32), 10, 99)}-${between(r.stable(33), 1000, 9999)}`,
  employee_number: (r) => String(1000 + r.index),
  work_email: (r) => emailFor(r, false),
  personal_email: (r) => emailFor(r, true),
  email: (r) => emailFor(r, false),
  email_address: (r) => r.owner.isSub ? emailFor(r, personalFirst(r)) : emailFor(r, false),
  mobile_phone_number: (r) => phoneAt(r.place(), r.varying(34)),
  phone_number: (r) => phoneAt(r.place(), r.varying(34 + r.position)),
  job_title: (r) => pick(r.varying(35), W.JOB_TITLES),
  title: (r) => r.owner.name === 'Article' ? numbered(W.ARTICLE_TITLES, r.index)
    : r.owner.name === 'Job' || r.owner.name === 'JobPosting' || r.owner.isPerson ? pick(r.varying(35), W.JOB_TITLES)
      : r.owner.name === 'Note' || r.owner.name === 'Engagement' ? pick(r.varying(36), W.NOTE_SUBJECTS)
        : pick(r.varying(36), W.TICKET_SUBJECTS),
  subject: (r) => r.owner.name === 'Ticket' ? pick(r.varying(36), W.TICKET_SUBJECTS) : pick(r.varying(36), W.NOTE_SUBJECTS),
  description: (r) => sentence(r, 37),
  details: (r) => sentence(r, 38),
  body: (r) => sentence(r, 39),
  html_body: (r) => `<p>${sentence(r, 39)}</p>`,
  content: (r) => sentence(r, 39),
  memo: (r) => sentence(r, 40),
  employee_note: (r) => sentence(r, 41),
  answer: (r) => pick(r.varying(42), ['Yes', 'No', '3-5 years', 'Immediately', 'Open to discuss']),
  label: (r) => pick(r.stable(43), ['Option A', 'Option B', 'Yes', 'No', 'Maybe']),
  display_name: (r) => r.owner.isPerson ? personName(r) : String(MODEL_NAMES[r.owner.name]?.(r) ?? `${r.owner.name} ${r.index + 1}`),
  legal_name: (r) => r.account.company.legalName,
  street_1: (r) => streetAt(r.varying(44)),
  street_2: (r) => pick(r.varying(45), W.STREET_2),
  city: (r) => r.place().city,
  state: (r) => r.place().state,
  country_subdivision: (r) => r.place().state,
  postal_code: (r) => postalCode(r.place(), r.varying(46)),
  zip_code: (r) => postalCode(r.place(), r.varying(46)),
  country: (r) => r.place().country,
  location: (r) => `${r.place().city}, ${r.place().state}`,
  industry: (r) => pick(r.stable(47), W.INDUSTRIES),
  bank_name: (r) => pick(r.stable(48), W.BANKS),
  account_number: (r) => String(between(r.stable(49), 10_000_000, 99_999_999)) + String(between(r.stable(50), 10, 99)),
  routing_number: (r) => String(between(r.stable(51), 21_000_000, 32_999_999)).padStart(9, '0'),
  tax_number: (r) => `${between(r.stable(52), 10, 99)}-${between(r.stable(53), 1_000_000, 9_999_999)}`,
  code: (r) => `${r.owner.name.slice(0, 3).toUpperCase()}-${1000 + r.index}`,
  number: (r) => r.owner.name === 'AccountingPhoneNumber' ? phoneAt(r.place(), r.varying(34 + r.position)) : `${r.owner.name.slice(0, 3).toUpperCase()}-${String(10000 + r.index)}`,
  journal_number: (r) => `JE-${10000 + r.index}`,
  transaction_number: (r) => `TX-${100000 + r.index}`,
  purchase_order_number: (r) => `PO-${10000 + r.index}`,
  report_identifier: (r) => `RPT-${2026 - Math.floor(r.index / 12)}-${String(12 - (r.index % 12)).padStart(2, '0')}`,
  source: (r) => pick(r.stable(54), ['LinkedIn', 'Referral', 'Company Website', 'Indeed', 'Agency', 'Career Fair']),
  lead_source: (r) => pick(r.stable(54), ['Website', 'Webinar', 'Trade Show', 'Referral', 'Cold Call', 'Partner']),
  provider_name: (r) => pick(r.stable(55), ['Blue Shield', 'Kaiser Permanente', 'Aetna', 'Fidelity', 'Guardian', 'Delta Dental']),
  benefit_plan_type: (r) => pick(r.stable(56), ['MEDICAL', 'DENTAL', 'VISION', 'RETIREMENT', 'HSA', 'FSA']),
  deduction_code: (r) => pick(r.stable(57), ['401K', 'MED', 'DEN', 'VIS', 'HSA']),
  pay_group_name: (r) => numbered(['Biweekly - US', 'Monthly - UK', 'Semi-monthly - Contractors'], r.index),
  payee: (r) => companyAt(r.stable(58)).name,
  path: (r) => `/${pick(r.stable(59), W.FOLDER_NAMES)}/${fileName(r)}`,
  file_name: (r) => fileName(r),
  mime_type: (r) => fileKind(r).mime,
  content_type: (r) => fileKind(r).mime,
  checksum: (r) => (r.stable(60) >>> 0).toString(16).padStart(8, '0') + (r.varying(61) >>> 0).toString(16).padStart(8, '0'),
  related_object_type: () => 'INVOICE',
  ticket_type: (r) => pick(r.stable(62), ['Incident', 'Question', 'Problem', 'Task']),
  transaction_type: (r) => pick(r.stable(63), ['Deposit', 'Check', 'Transfer', 'Charge', 'Refund']),
  type: (r) => pick(r.stable(64), ['Primary', 'Secondary', 'Other']),
  item_type: () => 'string',
  item_format: () => 'string',
  phone_number_type: (r) => pick(r.stable(65), ['Mobile', 'Work', 'Home']),
  email_address_type: (r) => r.position === 0 ? 'Work' : 'Personal',
  remote_key_name: (r) => `custom_field_${r.index + 1}`,
  source_account_id: (r) => String(5000 + between(r.stable(66), 0, 99)),
  source_account_name: (r) => pick(r.stable(67), W.ACCOUNT_NAMES),
  source_account_number: (r) => String(between(r.stable(68), 1000, 9999)),
  target_account_id: (r) => String(5000 + between(r.stable(69), 0, 99)),
  target_account_name: (r) => pick(r.stable(70), W.ACCOUNT_NAMES),
  source_transaction_id: (r) => `txn_${(r.stable(71) >>> 0).toString(36)}`,
  underlying_transaction_remote_id: (r) => String(200000 + r.index),
  currency: (r) => pick(r.stable(72), ['USD', 'USD', 'USD', 'EUR', 'GBP', 'CAD']),
  exchange_rate: () => '1.000000',
  company: (r) => r.account.company.name,
  value: (r) => r.owner.name === 'EmailAddress' ? emailFor(r, personalFirst(r))
    : r.owner.name === 'PhoneNumber' ? phoneAt(r.place(), r.varying(34 + r.position))
      : r.owner.name === 'Url' ? `https://www.linkedin.com/in/${emailLocal(r.person()).replace('.', '-')}`
        : sentence(r, 73)
}

const AMOUNT_STRINGS = /(^|_)(amount|price|balance)$|^(credit|debit)_amount$/

function stringWriter (field: FieldDef, owner: OwnerInfo): Writer {
  const name = field.name
  const format = field.shape.t === 'string' ? field.shape.format : undefined
  if (owner.name !== 'Url' && (format === 'uri' || name.endsWith('_url') || name === 'avatar' || name === 'website')) {
    if (name === 'avatar') return (r) => `https://avatars.example.com/${emailLocal(r.person())}.png`
    if (name === 'website') return (r) => `https://www.${owner.isPerson ? r.account.company.domain : companyAt(r.h).domain}`
    return (r) => urlFor(r, name.replace(/_url$/, ''))
  }
  if (name === 'name') {
    if (owner.isPerson) return personName
    const byModel = MODEL_NAMES[owner.name]
    if (byModel !== undefined) return byModel
    return (r) => `${owner.name} ${r.index + 1}`
  }
  if (AMOUNT_STRINGS.test(name)) return (r) => fixed2(money(r.varying(salt(name)), 10, 20_000))
  const writer = STRINGS[name]
  if (writer !== undefined) return writer
  if (format === 'email') return (r) => emailFor(r, false)
  return (r) => `${owner.name} ${name.replace(/_/g, ' ')} ${r.index + 1}`
}

// ---- numbers -------------------------------------------------------------------------------------------

const round2 = (x: number): number => Math.round(x * 100) / 100
const num = (v: unknown): number => typeof v === 'number' ? v : typeof v === 'string' ? Number(v) || 0 : 0

function numberWriter (field: FieldDef, owner: OwnerInfo): Writer {
  const name = field.name
  const s = salt(name)
  // Document totals add up: total = sub-total + tax - discount; the tax is a rate of the sub-total.
  if (owner.fieldNames.has('sub_total')) {
    if (name === 'total_tax_amount' || name === 'tax_amount') return (r) => round2(num(r.get('sub_total')) * 0.0825)
    if (name === 'total_discount') return (r) => unit(r.varying(s)) < 0.7 ? 0 : round2(num(r.get('sub_total')) * 0.05)
    if (name === 'total_amount' || name === 'total') {
      return (r) => round2(num(r.get('sub_total')) + num(r.get(owner.fieldNames.has('total_tax_amount') ? 'total_tax_amount' : 'tax_amount')) - num(r.get('total_discount')))
    }
    if (name === 'balance') return (r) => r.get('status') === 'PAID' ? 0 : num(r.get(owner.fieldNames.has('total_amount') ? 'total_amount' : 'total'))
  }
  if (name === 'total_amount' || name === 'net_amount' || name === 'total') {
    if (owner.fieldNames.has('unit_price') && owner.fieldNames.has('quantity')) {
      return (r) => {
        const price = Number(r.get('unit_price') ?? 0)
        const quantity = Number(r.get('quantity') ?? 0)
        return Math.round(price * quantity * 100) / 100
      }
    }
    return (r) => money(r.varying(s), 50, 50_000)
  }
  if (name === 'quantity' || name === 'hours_worked') return (r) => between(r.varying(s), 1, name === 'hours_worked' ? 10 : 20)
  if (name === 'pay_rate') return (r) => money(r.varying(s), 25, 180)
  if (name === 'effective_tax_rate' || name === 'total_tax_rate') return (r) => Math.round(unit(r.varying(s)) * 2500) / 100
  if (name === 'gross_pay') return (r) => money(r.varying(s), 1500, 15_000)
  if (name === 'net_pay') {
    return owner.fieldNames.has('gross_pay')
      ? (r) => Math.round(Number(r.get('gross_pay') ?? 0) * 0.72 * 100) / 100
      : (r) => money(r.varying(s), 1000, 11_000)
  }
  if (name === 'balance' || name === 'used') return (r) => Math.round(unit(r.varying(s)) * 160 * 100) / 100
  if (name === 'unit_price' || name === 'purchase_price') return (r) => money(r.varying(s), 5, 2_000)
  return (r) => money(r.varying(s), 10, 100_000)
}

function decimalWriter (field: FieldDef): Writer {
  const name = field.name
  const s = salt(name)
  if (name === 'exchange_rate') return () => '1.000000'
  if (name === 'rate') return (r) => (Math.round(unit(r.stable(s)) * 2500) / 100).toFixed(2)
  if (name === 'quantity') return (r) => `${between(r.varying(s), 1, 20)}.00`
  return (r) => fixed2(money(r.varying(s), 10, 20_000))
}

function integerWriter (field: FieldDef, owner: OwnerInfo): Writer {
  const name = field.name
  const s = salt(name)
  switch (name) {
    case 'days_until_due': return (r) => pick(r.stable(s), [15, 30, 30, 45, 60])
    case 'discount_days': return (r) => pick(r.stable(s), [0, 10, 10, 15])
    case 'fiscal_year_end_month': return () => 12
    case 'fiscal_year_end_day': return () => 31
    case 'number_of_employees': return (r) => r.account.size
    case 'stage_order': return (r) => r.index + 1
    case 'size': return (r) => between(r.stable(s), 2_000, owner.name === 'Drive' ? 2_000_000_000 : 25_000_000)
    default: return (r) => between(r.varying(s), 1, 10_000)
  }
}

// ---- booleans ------------------------------------------------------------------------------------------

const TRUE_SHARE: Readonly<Record<string, number>> = {
  is_active: 0.9,
  can_email: 0.85,
  disabled: 0.05,
  is_contractor: 0.1,
  is_me: 0,
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

function booleanWriter (field: FieldDef): Writer {
  const s = salt(field.name)
  if (field.name === 'is_me') return (r) => r.index === 0
  const share = TRUE_SHARE[field.name] ?? 0.5
  return (r) => unit(r.stable(s)) < share
}

// ---- enums ---------------------------------------------------------------------------------------------

const ENUM_WEIGHTS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  employment_status: { ACTIVE: 85, PENDING: 5, INACTIVE: 10 },
  status: { ACTIVE: 60, OPEN: 30, PAID: 40, PUBLISHED: 40, DONE: 20, CLOSED: 20 },
  currency: { USD: 70, EUR: 10, GBP: 8, CAD: 6, AUD: 6 },
  country: { US: 60, GB: 8, CA: 8, DE: 6, FR: 4, NL: 4, IE: 3, AU: 3, SG: 2, IN: 2 },
  base_currency: { USD: 80, EUR: 10, GBP: 10 },
  transaction_currency: { USD: 70, EUR: 15, GBP: 15 }
}

function weightedPicker (values: readonly string[], weights: Readonly<Record<string, number>> | undefined): (h: number) => string {
  if (values.length === 0) return () => 'OTHER'
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

function enumWriter (field: FieldDef, values: readonly string[], owner: OwnerInfo): Writer {
  const s = salt(field.name)
  const choose = weightedPicker(values, ENUM_WEIGHTS[field.name])
  if (field.name === 'gender') return (r) => r.person().gender
  if (field.name === 'country' && owner.fieldNames.has('city')) {
    return (r) => values.includes(r.place().country) ? r.place().country : choose(r.stable(s))
  }
  // A status is what changes most between syncs; identities and kinds stay.
  const varies = /status|stage|priority|result/.test(field.name)
  return varies ? (r) => choose(r.varying(s)) : (r) => choose(r.stable(s))
}

function enumListWriter (field: FieldDef, values: readonly string[]): Writer {
  const s = salt(field.name)
  return (r) => {
    const n = Math.min(values.length, between(r.stable(s), 1, 3))
    const start = between(r.stable(s + 1), 0, values.length - 1)
    return Array.from({ length: n }, (_, i) => values[(start + i) % values.length]!)
  }
}

// ---- lists and objects ---------------------------------------------------------------------------------

function stringListWriter (field: FieldDef, owner: OwnerInfo): Writer {
  const s = salt(field.name)
  switch (field.name) {
    case 'eins': return (r) => [`${between(r.stable(s), 10, 99)}-${between(r.stable(s + 1), 1_000_000, 9_999_999)}`]
    case 'locations': return (r) => [`${r.place().city}, ${r.place().state}`]
    case 'urls': return (r) => [`https://www.${r.account.company.domain}`]
    case 'domains': return (r) => [companyAt(r.h).domain]
    case 'tags': {
      const words = owner.category === 'ats' ? W.SKILLS_TAGS : ['billing', 'bug', 'urgent', 'vip', 'feature-request', 'onboarding']
      return (r) => {
        const n = between(r.varying(s), 0, 3)
        return Array.from({ length: n }, (_, i) => words[(between(r.varying(s + 1), 0, words.length - 1) + i) % words.length]!)
      }
    }
    default: return () => []
  }
}

const EMPTY_OBJECT: Readonly<Record<string, never>> = Object.freeze({})

function objectWriter (field: FieldDef, owner: OwnerInfo): Writer {
  switch (field.name) {
    case 'custom_fields': return (r) => ({ shirt_size: pick(r.stable(salt('shirt')), ['S', 'M', 'L', 'XL']) })
    case 'labels': return (r) => {
      const name = String(r.get('name') ?? owner.name)
      return { singular: name, plural: `${name}s` }
    }
    case 'checksum': return (r) => ({ type: 'sha256', value: (r.varying(salt('sum')) >>> 0).toString(16).padStart(8, '0').repeat(8) })
    default: return () => EMPTY_OBJECT
  }
}

function anyWriter (field: FieldDef): Writer {
  if (field.name === 'state') return (r) => r.place().state
  if (field.name === 'value') return (r) => sentence(r, 73)
  return () => EMPTY_OBJECT
}

/** The writer of a plain (non-relation, non-base) field. */
export function valueWriter (field: FieldDef, owner: OwnerInfo): Writer | undefined {
  const s = field.shape
  switch (s.t) {
    case 'string': return stringWriter(field, owner)
    case 'decimal': return decimalWriter(field)
    case 'datetime': return dateWriter(field, owner)
    case 'integer': return integerWriter(field, owner)
    case 'number': return numberWriter(field, owner)
    case 'boolean': return booleanWriter(field)
    case 'enum': return enumWriter(field, s.values, owner)
    case 'enum-list': return enumListWriter(field, s.values)
    case 'string-list': return stringListWriter(field, owner)
    case 'object': return objectWriter(field, owner)
    case 'object-list': return () => []
    case 'any': return anyWriter(field)
    default: return undefined
  }
}
