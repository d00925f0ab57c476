import t from 'tap'
import { dataAccount, dataApp } from './helpers.js'

/** What the new categories' filters and sub-lists mean (the facts' table of filters), on generated data. */

t.test('calendar events: cancelled ones hidden unless asked, start windows, invitees that are users', async (t) => {
  const { app } = await dataApp(t)
  const calendar = await dataAccount(app, 'calendar')
  await calendar.syncPass()
  const all = await calendar.walk('/api/calendar/v1/events', { include_cancelled: 'true' }, 100)
  const shown = await calendar.walk('/api/calendar/v1/events', {}, 100)
  t.ok(all.some((e) => e.is_cancelled === true), 'some events are cancelled')
  t.same(shown.map((e) => e.id), all.filter((e) => e.is_cancelled !== true).map((e) => e.id), 'without include_cancelled they are left out')
  const pivot = shown[Math.floor(shown.length / 2)]!.start_date as string
  const after = await calendar.walk('/api/calendar/v1/events', { starts_after: pivot }, 100)
  t.ok(after.length > 0 && after.every((e) => Date.parse(e.start_date) > Date.parse(pivot)), 'starts_after is strict on start_date')
  for (const e of shown.slice(0, 10)) t.ok(Date.parse(e.end_date) > Date.parse(e.start_date), 'an event ends after it starts')
  const users = new Set((await calendar.walk('/api/calendar/v1/users', {}, 100)).map((u) => u.id))
  const invitees = shown.flatMap((e) => e.invitees as string[])
  t.ok(invitees.length > 0 && invitees.every((id) => users.has(id)), 'every invitee is a user of the account')
  const invited = invitees[0]!
  const withInvitee = await calendar.walk('/api/calendar/v1/events', { invitee_id: invited }, 100)
  t.ok(withInvitee.length > 0 && withInvitee.every((e) => (e.invitees as string[]).includes(invited)), 'invitee_id')
  const expanded = (await calendar.api.get(`/api/calendar/v1/events?invitee_id=${invited}&expand=invitees,series,calendar`)).json().results[0]
  t.ok(expanded.invitees.some((u: { id: string }) => u.id === invited), 'expand=invitees inlines calendar users')
  const series = await calendar.walk('/api/calendar/v1/series', {}, 100)
  t.ok(series.every((s) => /^RRULE:FREQ=/.test(s.recurrence_rule ?? 'RRULE:FREQ=') && Array.isArray(s.excluded_dates)), 'series carry RFC 5545 rules')
})

t.test('chat: members of a conversation, threaded replies in their root\'s conversation, root_message=true', async (t) => {
  const { app } = await dataApp(t)
  const chat = await dataAccount(app, 'chat')
  await chat.syncPass()
  const conversations = await chat.walk('/api/chat/v1/conversations', {}, 100)
  const withMembers = conversations.find((c) => (c.members as string[]).length > 0)!
  const members = await chat.walk(`/api/chat/v1/conversations/${withMembers.id}/members`, {}, 2)
  t.same(members.map((m) => m.id).sort(), [...withMembers.members].sort(), 'the sub-list is the conversation\'s members, paged')
  t.ok(members.every((m) => (m.user === null) !== (m.group === null)), 'each member is a user or a group')
  t.equal((await chat.api.get('/api/chat/v1/members')).statusCode, 404, 'members have no list of their own')
  t.equal((await chat.api.get('/api/chat/v1/conversations/00000000-0000-4000-8000-000000000000/members')).statusCode, 404)
  const messages = await chat.walk('/api/chat/v1/messages', {}, 100)
  const byId = new Map(messages.map((m) => [m.id, m]))
  const replies = messages.filter((m) => m.root_message_id !== null)
  t.ok(replies.length > 0, 'some messages are replies')
  for (const reply of replies) {
    const root = byId.get(reply.root_message_id)
    t.ok(root !== undefined && root.root_message_id === null && root.conversation_id === reply.conversation_id, 'a reply\'s root is a root message of the same conversation')
  }
  const roots = await chat.walk('/api/chat/v1/messages', { root_message: 'true' }, 100)
  t.same(roots.map((m) => m.id), messages.filter((m) => m.root_message_id === null).map((m) => m.id), 'root_message=true')
  const root = replies[0]!.root_message_id as string
  const thread = await chat.walk(`/api/chat/v1/messages/${root}/replies`, {}, 100)
  t.same(thread.map((m) => m.id), replies.filter((m) => m.root_message_id === root).map((m) => m.id), 'replies of a root message')
})

t.test('email: messages whose addresses resolve, filters by address and mailbox', async (t) => {
  const { app } = await dataApp(t)
  const email = await dataAccount(app, 'email')
  await email.syncPass()
  const addresses = new Set((await email.walk('/api/email/v1/email-addresses', {}, 100)).map((a) => a.id))
  const messages = await email.walk('/api/email/v1/messages', {}, 100)
  const used = messages.flatMap((m) => [m.from_address, ...m.to, ...m.cc, ...m.bcc]).filter((a) => a !== null)
  t.ok(used.length > 0 && used.every((a) => addresses.has(a)), 'every address of a message is an email address of the account')
  const to = messages.find((m) => m.to.length > 0)!.to[0] as string
  const sentTo = await email.walk('/api/email/v1/messages', { to_address_id: to }, 100)
  t.ok(sentTo.length > 0 && sentTo.every((m) => m.to.includes(to)), 'to_address_id')
  const folders = await email.walk('/api/email/v1/folders', {}, 100)
  t.equal(folders[0]!.name, 'Inbox', 'mail folders have the names mail systems give them')
  const mailbox = (await email.walk('/api/email/v1/mailboxes', {}, 100)).find((m) => (m.users as string[]).length > 0)!
  const ofUser = await email.walk('/api/email/v1/mailboxes', { user_id: mailbox.users[0] }, 100)
  t.ok(ofUser.some((m) => m.id === mailbox.id), 'user_id on mailboxes')
})
