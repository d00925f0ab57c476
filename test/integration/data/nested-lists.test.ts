import t from 'tap'
import { strictProblems } from '../../helpers/strict-parse.js'
import { dataAccount, dataApp } from './helpers.js'

/**
 * The nested lists under one record (screening questions of a job, viewers of a ticket or collection, users of a
 * project): items that follow from the parent and the account's records, paged, expanded as the client asks,
 * and parsed strictly by the official client.
 */

t.test('a job\'s screening questions: the same every time, expandable, paged', async (t) => {
  const { app } = await dataApp(t, { dataVolume: ['ats.jobs=20'], dataChurn: 0 })
  const ats = await dataAccount(app, 'ats')
  const jobs = (await ats.api.get('/api/ats/v1/jobs?page_size=20')).json().results as Array<{ id: string, remote_id: string }>
  const lists = await Promise.all(jobs.map(async (j) => (await ats.api.get(`/api/ats/v1/jobs/${j.id}/screening-questions`)).json()))
  for (const list of lists) t.same(strictProblems('ats.PaginatedScreeningQuestionList', list), [], 'a strict client parses it')
  const at = lists.findIndex((l) => l.results.some((q: { type: string }) => q.type === 'SINGLE_SELECT' || q.type === 'MULTI_SELECT'))
  t.ok(at >= 0, 'some job asks a question with options')
  t.ok(lists.some((l) => l.results.length === 0), 'and some job asks none')
  const job = jobs[at]!
  const plain = lists[at]
  t.same((await ats.api.get(`/api/ats/v1/jobs/${job.id}/screening-questions`)).json(), plain, 'the same questions on every read')
  const q = plain.results.find((x: { options: unknown[] }) => x.options.length > 0)
  t.match(q, { job: job.id, remote_id: new RegExp(`^${job.remote_id}-q\\d$`), remote_was_deleted: false })
  t.ok(q.options.every((o: unknown) => typeof o === 'string'), 'options are ids unless expanded')

  const expanded = (await ats.api.get(`/api/ats/v1/jobs/${job.id}/screening-questions?expand=job,options`)).json()
  t.same(strictProblems('ats.PaginatedScreeningQuestionList', expanded), [], 'expanded, a strict client parses it too')
  const eq = expanded.results.find((x: { id: string }) => x.id === q.id)
  t.equal(eq.job.id, job.id, 'expand=job gives the job')
  t.same(eq.options.map((o: { id: string }) => o.id), q.options, 'expand=options gives the options, same ids')
  t.ok(eq.options.every((o: { label: string }) => typeof o.label === 'string'))

  const one = (await ats.api.get(`/api/ats/v1/jobs/${job.id}/screening-questions?page_size=1`)).json()
  t.same(one.results, plain.results.slice(0, 1))
  if (plain.results.length > 1) {
    const two = (await ats.api.get(`/api/ats/v1/jobs/${job.id}/screening-questions?page_size=1&cursor=${encodeURIComponent(one.next as string)}`)).json()
    t.same(two.results, plain.results.slice(1, 2), 'the next page has the next question')
  }
  t.equal((await ats.api.get('/api/ats/v1/jobs/5f1c9a8e-0000-4000-8000-000000000000/screening-questions')).statusCode, 404, 'an unknown job is a 404')
  const bad = await ats.api.get(`/api/ats/v1/jobs/${job.id}/screening-questions?expand=owner`)
  t.equal(bad.statusCode, 400)
  t.match(bad.json().detail, /Use a comma-separated list of: job, options/)
})

t.test('ticket and collection viewers, and a project\'s users, name the account\'s own users and teams', async (t) => {
  const { app } = await dataApp(t, { dataChurn: 0 })
  const tk = await dataAccount(app, 'ticketing')
  const users = new Set(((await tk.api.get('/api/ticketing/v1/users?page_size=100')).json().results as Array<{ id: string }>).map((u) => u.id))
  const teams = new Set(((await tk.api.get('/api/ticketing/v1/teams?page_size=100')).json().results as Array<{ id: string }>).map((u) => u.id))

  const ticket = (await tk.api.get('/api/ticketing/v1/tickets?page_size=20')).json().results.find((x: { assignees: string[], creator: string | null }) => x.assignees.length > 0 && x.creator !== null)
  t.ok(ticket, 'a ticket with a creator and assignees')
  const viewers = (await tk.api.get(`/api/ticketing/v1/tickets/${ticket.id as string}/viewers`)).json()
  t.same(strictProblems('ticketing.PaginatedViewerList', viewers), [], 'a strict client parses the viewers')
  const seeing = viewers.results.filter((v: { user: string | null }) => v.user !== null).map((v: { user: string }) => v.user)
  t.same(new Set(seeing), new Set([ticket.creator, ...ticket.assignees]), 'the creator and the assignees see the ticket')
  t.same(viewers.results.filter((v: { team: string | null }) => v.team !== null).map((v: { team: string }) => v.team), ticket.assigned_teams, 'so do its teams')
  const expanded = (await tk.api.get(`/api/ticketing/v1/tickets/${ticket.id as string}/viewers?expand=user,team`)).json()
  t.same(strictProblems('ticketing.PaginatedViewerList', expanded), [], 'expanded too')
  t.same(expanded.results.map((v: { id: string }) => v.id), viewers.results.map((v: { id: string }) => v.id), 'the same viewers')
  t.ok(expanded.results.every((v: { user: { id: string } | null, team: { id: string } | null }) => (v.user ?? v.team)!.id !== undefined), 'each with its user or team record')

  const collections = (await tk.api.get('/api/ticketing/v1/collections?page_size=20')).json().results as Array<{ id: string }>
  for (const c of collections.slice(0, 5)) {
    const list = (await tk.api.get(`/api/ticketing/v1/collections/${c.id}/viewers`)).json()
    t.same(strictProblems('ticketing.PaginatedViewerList', list), [], `collection ${c.id}: a strict client parses it`)
    t.ok(list.results.every((v: { user: string | null, team: string | null }) => (v.user !== null && users.has(v.user)) || (v.team !== null && teams.has(v.team))), 'every viewer is a user or team of the account')
  }

  const project = (await tk.api.get('/api/ticketing/v1/projects?page_size=1')).json().results[0]
  const members = (await tk.api.get(`/api/ticketing/v1/projects/${project.id as string}/users`)).json()
  t.same(strictProblems('ticketing.PaginatedUserList', members), [], 'a strict client parses the project\'s users')
  t.ok(members.results.length >= 1 && members.results.every((u: { id: string }) => users.has(u.id)), 'users of the account')
  const withTeams = (await tk.api.get(`/api/ticketing/v1/projects/${project.id as string}/users?expand=teams`)).json()
  t.same(strictProblems('ticketing.PaginatedUserList', withTeams), [], 'expanded, too')
  t.same(withTeams.results.map((u: { id: string }) => u.id), members.results.map((u: { id: string }) => u.id))
  t.ok(withTeams.results.every((u: { teams: unknown[] }) => u.teams.every((team) => typeof team === 'object')), 'expand=teams gives team records')
  t.equal((await tk.api.get('/api/ticketing/v1/projects/5f1c9a8e-0000-4000-8000-000000000000/users')).statusCode, 404)
})
