import { between, combine, pick, unit } from '../../../../core/hash.js'
import { formatSeconds } from '../../../../core/timestamps.js'
import type { RecordState } from './record-state.js'
import type { Rule } from './rule.js'
import { emailLocal } from './values.js'
import { SENTENCES } from './words.js'

/**
 * Calendars, chat and mailboxes: meetings that last an hour rather than weeks and recur by an RFC 5545 rule,
 * chat threads whose replies sit in their root message's conversation, members that are a user or a group,
 * mail folders and mailboxes with the names mail systems give them. Rules match by field and model, so any
 * category whose models have these shapes gets them.
 */

const MINUTE = 60_000
const DAY = 86_400_000

const MEETINGS = ['Weekly sync', 'Sprint planning', 'Design review', '1:1', 'All hands', 'Customer call', 'Quarterly business review',
  'Interview: backend engineer', 'Product demo', 'Retrospective', 'Budget review', 'Onboarding session', 'Lunch and learn', 'Standup']
const SHARED_CALENDARS = ['Team calendar', 'Conference Room A', 'Conference Room B', 'Company holidays', 'On-call rotation', 'Interviews', 'Marketing events']
const ZONES = ['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/London', 'Europe/Berlin', 'Asia/Tokyo', 'UTC']
const RULES_5545 = ['RRULE:FREQ=WEEKLY;BYDAY=MO', 'RRULE:FREQ=WEEKLY;BYDAY=TU,TH', 'RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR',
  'RRULE:FREQ=MONTHLY;BYMONTHDAY=1', 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=WE', 'RRULE:FREQ=WEEKLY;COUNT=10;BYDAY=FR']
const CHANNELS = ['general', 'random', 'engineering', 'design-reviews', 'sales-team', 'support-escalations', 'announcements', 'product-launch', 'incident-response']
const FOLDERS = ['Inbox', 'Sent Items', 'Drafts', 'Archive', 'Deleted Items', 'Junk Email', 'Projects', 'Invoices', 'Receipts']
const SHARED_MAILBOXES = ['Support', 'Sales', 'Billing', 'Info', 'Careers', 'Press']

/** The series' start, or when it came into being where the third party gives none. */
const seriesStart = (r: RecordState): number => { const v = r.get('start_date'); return typeof v === 'string' ? Date.parse(v) : r.bornMs() }

/** A work address at the account's company, for a person drawn from the record. */
const companyEmail = (r: RecordState): string => `${emailLocal(r.person())}@${r.account.company.domain}`

/** The meeting's start: within 30 days either side of the link, on a quarter hour; midnight for an all-day one. */
function meetingStart (r: RecordState, salt: number): number {
  const anchor = r.account.anchorMs
  const start = anchor - 30 * DAY + between(r.stable(salt), 0, 60 * 24 * 4) * 15 * MINUTE
  return r.get('is_all_day') === true ? Math.floor(start / DAY) * DAY : start
}

/**
 * A chat thread: about a third of the messages are replies, each to an earlier root message (never to a reply),
 * so a message's root is a pure function of its index.
 */
function rootOf (r: RecordState, index: number, salt: number): number {
  const set = r.account.hashOf(`${r.owner.name}#threads`, 0)
  let i = index
  while (i > 0 && unit(combine(combine(set, salt), i)) < 0.35) i = between(combine(combine(set, salt + 1), i), 0, i - 1)
  return i
}

/** A member is a user or a group, never both: one draw both fields share decides which is set. */
function memberSide (name: string, field: string, target: string): Rule {
  return {
    name,
    when: { field, type: 'ref', has: ['user', 'group', 'visible_history_start_datetime'] },
    ownNulls: true,
    make: (c) => {
      const side = c.salt('member-side')
      const pickSalt = c.fieldSalt('ref:')
      const index = (r: RecordState): number | undefined => ((unit(r.stable(side)) < 0.85) === (target === 'User')) ? between(r.stable(pickSalt), 0, Math.max(0, r.account.count(target) - 1)) : undefined
      return { write: (r) => { const i = index(r); return i === undefined ? null : r.account.idOf(target, i) }, refIndex: index }
    }
  }
}

export const COLLABORATION: readonly Rule[] = [
  {
    name: 'meeting-start',
    when: { field: 'start_date', type: 'datetime', has: ['is_all_day', 'end_date'] },
    make: (c) => { const s = c.salt(); return (r) => formatSeconds(meetingStart(r, s)) }
  },
  {
    name: 'event-end',
    when: { field: 'end_date', type: 'datetime', has: ['is_all_day', 'start_date'] },
    make: (c) => {
      const s = c.salt('meeting-start')
      const d = c.fieldSalt()
      return (r) => formatSeconds(meetingStart(r, s) + (r.get('is_all_day') === true ? DAY : pick(r.stable(d), [15, 30, 45, 60, 60, 90]) * MINUTE))
    }
  },
  { name: 'all-day', when: { field: 'is_all_day', type: 'boolean' }, make: (c) => { const s = c.salt(); return (r) => unit(r.stable(s)) < 0.1 } },
  { name: 'cancelled', when: { field: 'is_cancelled', type: 'boolean' }, make: (c) => { const s = c.salt(); return (r) => unit(r.varying(s)) < 0.08 } },
  { name: 'meeting-name', when: { field: 'name', type: 'string', has: ['start_date', 'is_all_day'] }, make: (c) => { const s = c.salt(); return (r) => pick(r.varying(s), MEETINGS) } },
  { name: 'meeting-details', when: { field: 'event_details', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => `Agenda: ${pick(r.varying(s), SENTENCES)}` } },
  { name: 'time-zone', when: { field: 'timezone', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => pick(r.stable(s), ZONES) } },
  { name: 'event-locations', when: { field: 'locations', type: 'string-list', has: 'invitees' }, make: (c) => { const s = c.salt(); return (r) => unit(r.stable(s)) < 0.6 ? [] : [r.account.idOf(`${r.owner.name}.locations`, r.index)] } },
  { name: 'recurrence-rule', when: { field: 'recurrence_rule', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => pick(r.stable(s), RULES_5545) } },
  {
    name: 'series-end',
    when: { field: 'end_date', type: 'datetime', has: 'recurrence_rule' },
    make: (c) => { const s = c.salt(); return (r) => formatSeconds(seriesStart(r) + between(r.stable(s), 90, 365) * DAY) }
  },
  {
    name: 'series-dates',
    when: { field: ['additional_dates', 'excluded_dates'], type: 'string-list', has: 'recurrence_rule' },
    make: (c) => {
      const s = c.fieldSalt('', 2)
      return (r) => Array.from({ length: between(r.stable(s), 0, 2) }, (_, i) => formatSeconds(seriesStart(r) + (7 * (i + 1) + between(r.stable(s + 1), 0, 6)) * DAY))
    }
  },
  { name: 'owner-email', when: { field: ['owner_email_address', 'organizer_email_address'], type: 'string' }, make: () => companyEmail },
  {
    name: 'calendar-name',
    when: { field: 'name', type: 'string', has: ['is_default', 'owner_email_address'] },
    make: (c) => { const s = c.salt(); return (r) => r.get('type') === 'SHARED' ? pick(r.stable(s), SHARED_CALENDARS) : `${r.person().first} ${r.person().last}` }
  },
  {
    name: 'thread-root',
    when: { field: 'root_message_id', type: 'ref' },
    ownNulls: true,
    make: (c) => {
      const s = c.salt('thread', 2)
      const index = (r: RecordState): number | undefined => { const root = rootOf(r, r.index, s); return root === r.index ? undefined : root }
      return { write: (r) => { const i = index(r); return i === undefined ? null : r.account.idOf(r.owner.name, i) }, refIndex: index }
    }
  },
  {
    // A reply is posted in its root message's conversation.
    name: 'thread-conversation',
    when: { field: 'conversation_id', type: 'ref', has: 'root_message_id' },
    ownNulls: true,
    make: (c) => {
      const s = c.salt('thread', 2)
      const t = c.fieldSalt()
      const index = (r: RecordState): number => between(combine(r.account.hashOf(`${r.owner.name}#threads`, 0) ^ t, rootOf(r, r.index, s)), 0, Math.max(0, r.account.count('Conversation') - 1))
      return { write: (r) => r.account.idOf('Conversation', index(r)), refIndex: index }
    }
  },
  { name: 'chat-subject', when: { field: 'subject_line', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => r.get('root_message_id') === null && unit(r.stable(s)) < 0.2 ? pick(r.varying(s), MEETINGS) : null } },
  memberSide('member-user', 'user', 'User'),
  memberSide('member-group', 'group', 'Group'),
  { name: 'channel-name', when: { field: 'name', type: 'string', has: 'members' }, make: (c) => { const s = c.salt(); return (r) => r.get('type') === 'ONE_ON_ONE_CHAT' ? null : pick(r.stable(s), CHANNELS) } },
  { name: 'folder-name', when: { field: 'name', type: 'string', has: 'parent_folder', category: 'email' }, make: (c) => { const s = c.salt(); return (r) => r.index < FOLDERS.length ? FOLDERS[r.index]! : pick(r.stable(s), FOLDERS.slice(6)) } },
  { name: 'mailbox-name', when: { field: 'name', type: 'string', has: 'primary_email_address' }, make: (c) => { const s = c.salt(); return (r) => r.get('type') === 'SHARED' ? pick(r.stable(s), SHARED_MAILBOXES) : `${r.person().first} ${r.person().last}` } },
  { name: 'mail-body', when: { field: 'body_text', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => `Hi,\n\n${pick(r.varying(s), SENTENCES)}\n\nBest regards` } },
  // A mail thread is a run of consecutive messages: they share its id.
  { name: 'mail-thread', when: { field: 'thread', type: 'string', format: 'uuid' }, make: (c) => { const s = c.salt(); return (r) => r.account.idOf(`${r.owner.name}.thread`, Math.floor(r.index / (2 + (r.account.hashOf(`${r.owner.name}#threads`, s) % 3)))) } },
  { name: 'draft', when: { field: 'is_draft', type: 'boolean' }, make: (c) => { const s = c.salt(); return (r) => unit(r.stable(s)) < 0.05 } },
  { name: 'sent-at', when: { field: 'sent_at', type: 'datetime', has: 'is_draft' }, ownNulls: true, make: (c) => { const s = c.salt(); return (r) => r.get('is_draft') === true ? null : formatSeconds(r.bornMs() + between(r.stable(s), 0, 3600) * 1000) } },
  {
    name: 'received-at',
    when: { field: 'received_at', type: 'datetime', has: 'sent_at' },
    ownNulls: true,
    make: (c) => { const s = c.salt(); return (r) => { const sent = r.get('sent_at'); return typeof sent === 'string' ? formatSeconds(Date.parse(sent) + between(r.stable(s), 1, 120) * 1000) : null } }
  }
]
