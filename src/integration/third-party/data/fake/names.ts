import { pick } from '../../../../core/hash.js'
import type { RecordState } from './record-state.js'
import type { Match, Rule, RuleContext } from './rule.js'
import { companyAt, numbered } from './values.js'
import * as W from './words.js'

/**
 * What the records of each model are called (`name`, or `display_name` where a model has that instead): an
 * office after its city, an opportunity after a customer and a product, a payroll deduction after a plan.
 * Small models number their names once the list is used up, so each record has its own. People and files
 * are named in people.ts and files.ts.
 */

const DAY = 86_400_000
const NAME_FIELDS = ['name', 'display_name']

function named (model: string | readonly string[], write: (r: RecordState) => string, also: Omit<Match, 'field' | 'type' | 'model'> = {}): Rule {
  const models = typeof model === 'string' ? [model] : model
  return { name: `name:${models[0]!}${also.category === undefined ? '' : `:${also.category}`}`, when: { field: NAME_FIELDS, type: 'string', model, ...also }, make: () => write }
}

/** A rule whose writer draws its own salt (or the shared one named). */
function drawn (model: string, make: (c: RuleContext) => (r: RecordState) => string): Rule {
  return { name: `name:${model}`, when: { field: NAME_FIELDS, type: 'string', model }, make }
}

/** The records of a small model, named from a list in order. */
function listed (model: string | readonly string[], items: readonly string[]): Rule {
  return named(model, (r) => numbered(items, r.index))
}

/** The month a financial report covers: the month before the link for the first, and so back. */
function reportMonth (r: RecordState): string {
  const d = new Date(r.account.anchorMs - (r.index + 1) * 30 * DAY)
  return d.toISOString().slice(0, 7)
}

export const NAMES: readonly Rule[] = [
  named(['Company', 'CompanyInfo'], (r) => r.account.company.name),
  named('Account', (r) => numbered(W.ACCOUNT_NAMES, r.index), { category: 'accounting' }),
  named('Account', (r) => companyAt(r.h).name),
  named(['Location', 'Office'], (r) => `${r.place().city} Office`),
  named('Team', (r) => `${numbered(W.TEAM_WORDS, r.index)} Team`),
  listed(['Group', 'Department'], W.DEPARTMENTS),
  drawn('Job', (c) => { const s = c.salt(); return (r) => pick(r.stable(s), W.JOB_TITLES) }),
  named('JobInterviewStage', (r) => W.STAGE_NAMES[r.index % W.STAGE_NAMES.length]!),
  listed('RejectReason', W.REJECT_REASONS),
  named('Tag', (r) => numbered(W.SKILLS_TAGS, r.index), { category: 'ats' }),
  listed('Tag', ['billing', 'bug', 'urgent', 'vip', 'feature-request', 'onboarding', 'refund', 'sso']),
  listed('Stage', W.PIPELINE_STAGES),
  drawn('Opportunity', (c) => {
    const company = c.salt('opportunity-company')
    const product = c.salt('opportunity-product')
    return (r) => `${companyAt(r.stable(company)).name} - ${pick(r.stable(product), W.PRODUCTS)}`
  }),
  listed('Item', W.PRODUCTS),
  named('Project', (r) => `${numbered(W.TEAM_WORDS, r.index)} Project`),
  listed('TaxRate', W.TAX_NAMES),
  listed('PaymentTerm', W.PAYMENT_TERMS),
  listed('PaymentMethod', W.PAYMENT_METHODS),
  listed('TrackingCategory', [...W.DEPARTMENTS, 'North America', 'EMEA', 'APAC']),
  named('AccountingPeriod', (r) => `FY${2026 - Math.floor(r.index / 12)} P${12 - (r.index % 12)}`),
  named('BalanceSheet', (r) => `Balance Sheet ${reportMonth(r)}`),
  named('IncomeStatement', (r) => `Profit and Loss ${reportMonth(r)}`),
  named('CashFlowStatement', (r) => `Cash Flow ${reportMonth(r)}`),
  listed('Collection', W.COLLECTION_NAMES),
  listed('Role', W.ROLE_NAMES),
  listed('Drive', W.DRIVE_NAMES),
  listed(['Folder', 'Container'], W.FOLDER_NAMES),
  drawn('Ticket', (c) => { const s = c.salt(); return (r) => pick(r.stable(s), W.TICKET_SUBJECTS) }),
  listed('EngagementType', ['Call', 'Meeting', 'Email', 'Demo']),
  listed('CustomObjectClass', ['Vehicle', 'Subscription', 'Property', 'Asset']),
  listed('EmployerBenefit', W.BENEFIT_PLANS),
  drawn('Deduction', (c) => { const s = c.salt('tax-name'); return (r) => pick(r.stable(s), W.DEDUCTIONS) }),
  { name: 'name:Tax', when: { field: NAME_FIELDS, type: 'string', model: ['Tax', 'TaxComponent'] }, make: (c) => { const s = c.salt('tax-name'); return (r) => pick(r.stable(s), W.TAX_NAMES) } },
  { name: 'name:Article', when: { field: [...NAME_FIELDS, 'title'], type: 'string', model: 'Article' }, make: () => (r) => numbered(W.ARTICLE_TITLES, r.index) },
  named('ReportItem', (r) => W.REPORT_LINES[r.position % W.REPORT_LINES.length]!),
  { name: 'pay_group_name', when: { field: 'pay_group_name', type: 'string' }, make: () => (r) => numbered(['Biweekly - US', 'Monthly - UK', 'Semi-monthly - Contractors'], r.index) },
  {
    name: 'labels',
    when: { field: 'labels', type: 'object' },
    make: (c) => {
      const fallback = c.owner.name
      return (r) => {
        const name = String(r.get('name') ?? fallback)
        return { singular: name, plural: `${name}s` }
      }
    }
  }
]
