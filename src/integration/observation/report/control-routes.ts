import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Problem } from '../../../http/problem.js'
import type { Clock } from '../../../core/clock.js'
import { iso } from '../../../core/iso.js'
import { requestTenant, type UnifiedAuth } from '../../base/accounts/request-auth.js'
import { entryView } from '../journal/views.js'
import { buildReport } from './report.js'
import { ReportView } from './schemas.js'
import { reportInput, type SnapshotSources } from './snapshot.js'

/** GET /_unimock/report: what the API key's requests (and webhook answers) show against the spec's guidance. */
export const reportRoutes: FastifyPluginAsync<{ auth: UnifiedAuth, sources: SnapshotSources, clock: Clock }> = async (app, { auth, sources, clock }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  r.get('/report', {
    onRequest: auth.tenant,
    schema: {
      tags: ['control'],
      summary: 'The integrator report: findings from the request journal and the state, each citing the requests that show it',
      response: { 200: ReportView, 401: Problem }
    }
  }, async (request) => {
    const report = buildReport(reportInput(requestTenant(request), sources))
    const s = report.summary
    return {
      generated_at: iso(clock.now()),
      summary: {
        requests: s.requests,
        from: iso(s.from),
        to: iso(s.to),
        accounts: s.accounts,
        webhook_attempts: s.webhookAttempts,
        findings: report.findings.length,
        errors: s.errors,
        warnings: s.warnings
      },
      findings: report.findings.map((f) => ({
        code: f.code,
        severity: f.severity,
        title: f.title,
        advice: f.advice,
        count: f.count,
        requests: f.requests.map(entryView),
        accounts: [...f.accounts],
        deliveries: f.deliveries.map((d) => ({
          delivery_id: d.deliveryId,
          event: d.event,
          linked_account_id: d.accountId,
          attempt: d.attempt,
          at: iso(d.at),
          status_code: d.statusCode,
          error: d.error,
          duration_ms: d.durationMs
        }))
      }))
    }
  })
}
