import type { ModelDef } from '../catalogue/catalogue.js'

/**
 * How many records each model's simulated third-party system holds when an account is linked. Each account
 * is a company of a size drawn from its id (50 to 300 people); each model has a fixed part and a part per
 * person, so a 200-person company has 200 employees, about 240 employments and a handful of locations.
 * `--data-scale` multiplies every default; `--data-volume` pins single models (e.g. employees=1000000).
 */

/** [fixed, per person] */
const RULES: Readonly<Record<string, readonly [number, number]>> = {
  'hris.Employee': [0, 1],
  'hris.Company': [1, 0.004],
  'hris.Location': [2, 0.02],
  'hris.Team': [2, 0.1],
  'hris.Group': [3, 0.08],
  'hris.PayGroup': [3, 0],
  'hris.Employment': [0, 1.2],
  'hris.Benefit': [0, 1.5],
  'hris.EmployerBenefit': [8, 0],
  'hris.Dependent': [0, 0.6],
  'hris.BankInfo': [0, 0.9],
  'hris.PayrollRun': [24, 0],
  'hris.EmployeePayrollRun': [0, 6],
  'hris.TimeOff': [0, 2],
  'hris.TimeOffBalance': [0, 2],
  'hris.TimesheetEntry': [0, 10],

  'ats.Candidate': [0, 4],
  'ats.Application': [0, 5],
  'ats.Job': [3, 0.1],
  'ats.JobPosting': [4, 0.15],
  'ats.Department': [6, 0.02],
  'ats.Office': [2, 0.01],
  'ats.JobInterviewStage': [10, 0.4],
  'ats.ScheduledInterview': [0, 2],
  'ats.Scorecard': [0, 2],
  'ats.Offer': [0, 0.3],
  'ats.RejectReason': [8, 0],
  'ats.Tag': [12, 0],
  'ats.RemoteUser': [3, 0.2],
  'ats.Activity': [0, 6],
  'ats.Attachment': [0, 3],
  'ats.Eeoc': [0, 2],

  'crm.Account': [0, 2],
  'crm.Contact': [0, 6],
  'crm.Lead': [0, 3],
  'crm.Opportunity': [0, 2],
  'crm.Stage': [7, 0],
  'crm.Note': [0, 5],
  'crm.Task': [0, 4],
  'crm.Engagement': [0, 5],
  'crm.EngagementType': [4, 0],
  'crm.User': [2, 0.2],
  'crm.CustomObjectClass': [3, 0],

  'accounting.CompanyInfo': [1, 0],
  'accounting.Account': [40, 0.05],
  'accounting.AccountingPeriod': [24, 0],
  'accounting.AccountingAttachment': [0, 0.5],
  'accounting.BalanceSheet': [12, 0],
  'accounting.BankFeedAccount': [3, 0],
  'accounting.BankFeedTransaction': [0, 5],
  'accounting.CashFlowStatement': [12, 0],
  'accounting.Contact': [0, 1],
  'accounting.CreditNote': [0, 0.5],
  'accounting.Employee': [0, 1],
  'accounting.ExpenseReport': [0, 1],
  'accounting.Expense': [0, 4],
  'accounting.GeneralLedgerTransaction': [0, 10],
  'accounting.IncomeStatement': [12, 0],
  'accounting.Invoice': [0, 8],
  'accounting.ItemFulfillment': [0, 0.5],
  'accounting.Item': [20, 0.1],
  'accounting.JournalEntry': [0, 2],
  'accounting.PaymentMethod': [5, 0],
  'accounting.PaymentTerm': [5, 0],
  'accounting.Payment': [0, 6],
  'accounting.Project': [5, 0.05],
  'accounting.PurchaseOrder': [0, 1],
  'accounting.SalesOrder': [0, 1],
  'accounting.TaxRate': [6, 0],
  'accounting.TrackingCategory': [8, 0.02],
  'accounting.Transaction': [0, 4],
  'accounting.VendorCredit': [0, 0.3],

  'ticketing.Account': [0, 1],
  'ticketing.Attachment': [0, 3],
  'ticketing.Collection': [8, 0],
  'ticketing.Comment': [0, 30],
  'ticketing.Contact': [0, 4],
  'ticketing.Project': [5, 0],
  'ticketing.Role': [6, 0],
  'ticketing.Tag': [15, 0],
  'ticketing.Team': [4, 0.02],
  'ticketing.Ticket': [0, 10],
  'ticketing.User': [2, 0.2],

  'filestorage.Drive': [3, 0],
  'filestorage.File': [0, 10],
  'filestorage.Folder': [10, 0.5],
  'filestorage.Group': [3, 0.08],
  'filestorage.User': [0, 1],

  'knowledgebase.Article': [10, 1],
  'knowledgebase.Attachment': [0, 0.5],
  'knowledgebase.Container': [6, 0.05],
  'knowledgebase.Group': [3, 0.08],
  'knowledgebase.User': [0, 1]
}

/** The size of the company behind an account: 50 to 300 people. */
export function companySize (accountHash: number): number {
  return 50 + (accountHash % 251)
}

export interface VolumeSettings {
  /** Multiplies every default count. */
  readonly scale: number
  /** Exact initial counts keyed by `category.segment`, `category.ModelName` or a bare segment. */
  readonly overrides: Readonly<Record<string, number>>
}

export function initialCount (model: ModelDef, accountHash: number, settings: VolumeSettings): number {
  const o = settings.overrides
  const pinned = o[`${model.category}.${model.segment}`] ?? o[model.id] ?? o[model.segment]
  if (pinned !== undefined) return pinned
  const [fixed, perPerson] = RULES[model.id] ?? [5, 0.5]
  return Math.max(1, Math.round((fixed + perPerson * companySize(accountHash)) * settings.scale))
}

/**
 * Parses `employees=1000000,hris.companies=3` (the `--data-volume` flag). Returns an error message naming
 * the bad entry, or the overrides.
 */
export function parseVolumeOverrides (entries: readonly string[], known: (key: string) => boolean): Record<string, number> | string {
  const out: Record<string, number> = {}
  for (const entry of entries.flatMap((e) => e.split(','))) {
    const text = entry.trim()
    if (text === '') continue
    const m = /^([A-Za-z][\w.-]*)=(\d+)$/.exec(text)
    if (m === null) return `"${text}" is not of the form model=count (e.g. employees=1000000 or hris.employees=5000)`
    const [, key, count] = m as unknown as [string, string, string]
    if (!known(key)) return `"${key}" names no model: use a path segment (employees), category.segment (hris.employees) or category.ModelName (hris.Employee)`
    const n = Number(count)
    if (!Number.isSafeInteger(n) || n < 1 || n > 50_000_000) return `"${text}": the count must be between 1 and 50000000`
    out[key] = n
  }
  return out
}
