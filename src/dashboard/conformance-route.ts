import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { appError } from '../core/errors.js'
import { iso } from '../core/iso.js'
import { Problem } from '../http/problem.js'
import type { UnifiedService } from '../integration/compose.js'
import { requestTenant } from '../integration/base/accounts/request-auth.js'
import { JournalEntryView } from '../integration/observation/journal/schemas.js'
import { entryView } from '../integration/observation/journal/views.js'
import { ConformanceBoard, type CheckEvidence } from './conformance-board.js'

export interface ConformanceOptions {
  readonly unified: UnifiedService
  readonly board: ConformanceBoard
}

const Lines = Type.Array(Type.String())

const ConformanceCheck = Type.Object({
  id: Type.String({ description: 'the check\'s stable id, family.rule' }),
  rule: Type.String({ description: 'the spec\'s rule it checks' }),
  verdict: Type.Union([Type.Literal('running'), Type.Literal('pass'), Type.Literal('fail'), Type.Literal('n/a')]),
  detail: Type.Union([Type.String(), Type.Null()], { description: 'what was seen, what went wrong, or why it could not be checked; null while it runs' }),
  evidence: Type.Union([Type.Object({
    expected: Type.String(), got: Type.String(), requests: Type.Optional(Lines), answers: Type.Optional(Lines),
    log: Type.Optional(Type.Array(Type.String(), { description: 'the backend\'s last lines of output when the verdict was reached' })),
    screenshot: Type.Optional(Type.String({ description: 'a failed page check: the file the kit wrote its screenshot to (next to the JUnit file)' }))
  }), Type.Null()]),
  screenshot: Type.Union([Type.String(), Type.Null()], { description: 'a failed page check: the URL path of its screenshot (GET, image/png, with the same key); null for any other' }),
  after_id: Type.Integer({ description: 'the last journal entry id before the check started' }),
  until_id: Type.Union([Type.Integer(), Type.Null()], { description: 'the last journal entry id when it concluded; null while it runs' }),
  requests: Type.Array(JournalEntryView, { description: 'the backend\'s requests in that window, oldest first (checks run at once share theirs)' })
})

const Conformance = Type.Object({
  run: Type.Union([Type.Object({
    started_at: Type.String({ format: 'date-time' }),
    finished_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    status: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Null()], { description: '0 passed, 1 a check failed, 2 the kit could not run; null while it runs' }),
    error: Type.Union([Type.String(), Type.Null()]),
    checks: Type.Array(ConformanceCheck)
  }), Type.Null()], { description: 'null: no conformance kit runs against this unimock with this key' })
})

const ScreenshotParams = Type.Object({
  id: Type.String({ pattern: '^[a-z][a-z0-9-]*\\.[a-z0-9-]+$', maxLength: 100, description: 'the check\'s id, family.rule (page.business-wording)' })
})
/** The PNG's bytes; the schema only documents them (a Buffer is sent as it is). */
const Png = { description: 'the page as the check\'s verdict was reached', content: { 'image/png': { schema: Type.String({ description: 'PNG bytes', contentMediaType: 'image/png' }) } } }

function evidenceView (e: CheckEvidence | null): { expected: string, got: string, requests?: string[], answers?: string[], log?: string[], screenshot?: string } | null {
  if (e === null) return null
  return {
    expected: e.expected,
    got: e.got,
    ...(e.requests === undefined ? {} : { requests: [...e.requests] }),
    ...(e.answers === undefined ? {} : { answers: [...e.answers] }),
    ...(e.log === undefined ? {} : { log: [...e.log] }),
    ...(e.screenshot === undefined ? {} : { screenshot: e.screenshot })
  }
}

const screenshotPath = (id: string): string => `/_unimock/conformance/checks/${encodeURIComponent(id)}/screenshot`

/**
 * GET /_unimock/conformance: the conformance kit's run, as its own unimock serves it to the run's API key
 * while it runs and until it stops: each check with its verdict and the backend's requests behind it; and
 * a failed page check's screenshot, which the dashboard shows under its evidence.
 */
export const conformanceRoute: FastifyPluginAsync<ConformanceOptions> = async (app, { unified, board }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  r.get('/conformance', {
    onRequest: unified.auth.tenant,
    schema: {
      tags: ['control'],
      summary: 'The conformance kit\'s run against this unimock: its checks so far, their verdicts and the backend\'s requests behind each',
      response: { 200: Conformance, 401: Problem }
    }
  }, async (request) => {
    const tenant = requestTenant(request)
    const run = board.run(tenant.id)
    if (run === undefined) return { run: null }
    const entries = unified.journal.entries(tenant.id)
    const lastId = unified.journal.lastId
    return {
      run: {
        started_at: iso(run.startedAt),
        finished_at: run.finishedAt === null ? null : iso(run.finishedAt),
        status: run.status,
        error: run.error,
        checks: [...run.checks.values()].map((c) => ({
          id: c.id,
          rule: c.rule,
          verdict: c.state,
          detail: c.detail,
          evidence: evidenceView(c.evidence),
          screenshot: c.shot === null ? null : screenshotPath(c.id),
          after_id: c.afterId,
          until_id: c.untilId,
          requests: ConformanceBoard.requestsOf(run, c, entries, lastId).map(entryView)
        }))
      }
    }
  })

  r.get('/conformance/checks/:id/screenshot', {
    onRequest: unified.auth.tenant,
    schema: {
      tags: ['control'],
      summary: 'A failed page check\'s screenshot: the integrator\'s page as the kit reached its verdict (PNG)',
      params: ScreenshotParams,
      response: { 200: Png, 400: Problem, 401: Problem, 404: Problem }
    }
  }, async (request, reply) => {
    const { id } = request.params
    const run = board.run(requestTenant(request).id)
    const check = run?.checks.get(id)
    const shot = check?.shot ?? null
    if (shot === null) {
      const reason = run === undefined ? 'no conformance kit runs against this unimock with this key' : check === undefined ? 'the run has no such check' : 'only a failed page check has one'
      throw appError('CONFORMANCE_SCREENSHOT_NOT_FOUND', { id, reason })
    }
    // The next run replaces it under the same path.
    return reply.type('image/png').header('cache-control', 'no-store').send(shot as unknown as string)
  })
}
