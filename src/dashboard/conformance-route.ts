import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { iso } from '../core/iso.js'
import { Problem } from '../http/problem.js'
import type { UnifiedService } from '../integration/compose.js'
import { requestTenant } from '../integration/service/accounts/request-auth.js'
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
    log: Type.Optional(Type.Array(Type.String(), { description: 'the backend\'s last lines of output when the verdict was reached' }))
  }), Type.Null()]),
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

function evidenceView (e: CheckEvidence | null): { expected: string, got: string, requests?: string[], answers?: string[], log?: string[] } | null {
  if (e === null) return null
  return { expected: e.expected, got: e.got, ...(e.requests === undefined ? {} : { requests: [...e.requests] }), ...(e.answers === undefined ? {} : { answers: [...e.answers] }), ...(e.log === undefined ? {} : { log: [...e.log] }) }
}

/**
 * GET /_unimock/conformance: the conformance kit's run, as its own unimock serves it to the run's API key
 * while it runs and until it stops: each check with its verdict and the backend's requests behind it.
 */
export const conformanceRoute: FastifyPluginAsync<ConformanceOptions> = async (app, { unified, board }) => {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/conformance', {
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
          after_id: c.afterId,
          until_id: c.untilId,
          requests: ConformanceBoard.requestsOf(run, c, entries, lastId).map(entryView)
        }))
      }
    }
  })
}
