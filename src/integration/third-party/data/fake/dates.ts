import { between, unit } from '../../../../core/hash.js'
import type { FieldDef } from '../../../base/catalogue/catalogue.js'
import { formatDay, formatSeconds } from '../../../../core/timestamps.js'
import type { RecordState } from './record-state.js'
import type { Match, Rule } from './rule.js'

/**
 * Dates and times. A record comes into being some time before the account was linked (`r.bornMs()`);
 * point-in-time fields fall after that, an end-like field is its start plus a duration that suits it, and
 * the remote system's last change to a record happened shortly before the sync that picked it up.
 */

const DAY = 86_400_000
const YEAR = 365 * DAY
const HOUR = 3_600_000
const MINUTE = 60_000

/** start → end pairs: an end-like field follows the first of these its record has. */
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
const END_FIELDS = Object.keys(END_OF)

/** Day precision for *_date and `date`, seconds for *_at and *_time, as the third-party systems report them. */
function formatterOf (field: FieldDef): (ms: number) => string {
  return field.name.endsWith('_at') || field.name.endsWith('_time') ? formatSeconds : (ms) => formatDay(Math.floor(ms / DAY))
}

function startOf (r: RecordState, starts: readonly string[]): number {
  for (const f of starts) {
    const v = r.get(f)
    if (typeof v === 'string') return Date.parse(v)
  }
  return r.bornMs()
}

/** An end-like field: its start plus `duration` of a stable hash of the field. */
function ending (name: string, when: Omit<Match, 'type'>, duration: (h: number) => number): Rule {
  return {
    name,
    when: { ...when, type: 'datetime' },
    make: (c) => {
      const format = formatterOf(c.field)
      const starts = END_OF[c.field.name]!.filter((f) => c.owner.fieldNames.has(f))
      const s = c.fieldSalt()
      return (r) => format(startOf(r, starts) + duration(r.stable(s)))
    }
  }
}

export const DATES: readonly Rule[] = [
  {
    name: 'date_of_birth',
    when: { field: 'date_of_birth', type: 'datetime' },
    make: (c) => { const s = c.fieldSalt(); return (r) => formatDay(Math.floor((r.account.anchorMs - (20 * YEAR + unit(r.stable(s)) * 45 * YEAR)) / DAY)) }
  },
  { name: 'remote_created_at', when: { field: 'remote_created_at', type: 'datetime' }, make: () => (r) => formatSeconds(r.bornMs()) },
  {
    // The remote change that the last sync picked up happened shortly before that sync.
    name: 'remote-updated-at',
    when: { field: ['remote_updated_at', 'remote_last_modified_at'], type: 'datetime' },
    make: (c) => {
      const s = c.fieldSalt()
      return (r) => formatSeconds(r.version === 0
        ? r.bornMs() + unit(r.stable(s)) * (r.account.anchorMs - r.bornMs())
        : Math.floor(r.modifiedUs / 1000) - between(r.varying(s), 1, 240) * MINUTE)
    }
  },
  { name: 'start-at-hire', when: { field: 'start_date', type: 'datetime', has: 'hire_date' }, make: () => (r) => r.get('hire_date') ?? formatDay(Math.floor(r.bornMs() / DAY)) },
  {
    // Only people who left have a termination date.
    name: 'termination_date',
    when: { field: 'termination_date', type: 'datetime' },
    make: (c) => {
      const s = c.fieldSalt()
      const starts = END_OF.termination_date!
      return (r) => r.get('employment_status') !== 'INACTIVE' ? null : formatDay(Math.floor((startOf(r, starts) + between(r.stable(s), 120, 1500) * DAY) / DAY))
    }
  },
  ending('due-date', { field: ['due_date', 'paid_on_date'] }, (h) => between(h, 14, 45) * DAY),
  ending('end_period', { field: 'end_period' }, (h) => between(h, 28, 31) * DAY),
  ending('shift-end', { field: ['end_time', 'end_at'], model: 'TimesheetEntry' }, (h) => between(h, 4, 10) * HOUR),
  ending('meeting-end', { field: ['end_time', 'end_at'] }, (h) => between(h, 30, 90) * MINUTE),
  ending('pay-period-end', { field: END_FIELDS, model: ['PayrollRun', 'EmployeePayrollRun'] }, () => 14 * DAY),
  ending('end-date', { field: END_FIELDS }, (h) => between(h, 1, 30) * DAY),
  {
    // A start-like or point-in-time field: some time after the record came into being, before the link.
    name: 'point-in-time',
    when: { type: 'datetime' },
    make: (c) => {
      const format = formatterOf(c.field)
      const s = c.fieldSalt()
      return (r) => {
        const born = r.bornMs()
        return format(Math.max(born, Math.min(born + unit(r.stable(s)) * 30 * DAY, r.account.anchorMs - DAY)))
      }
    }
  },
  { name: 'fiscal-year-end-month', when: { field: 'fiscal_year_end_month', type: 'integer' }, make: () => () => 12 },
  { name: 'fiscal-year-end-day', when: { field: 'fiscal_year_end_day', type: 'integer' }, make: () => () => 31 }
]
