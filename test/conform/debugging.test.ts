import { existsSync, readFileSync } from 'node:fs'
import t from 'tap'
import { conform } from '../../src/conform/conform.js'
import { nodeOptions, pythonOptions, REFERENCE, referenceOptions } from './helpers.js'

/**
 * `unimock conform` for the person debugging a backend it has never met: any subset runs (with the set-up it
 * needs, its checks unreported), the backend's output is kept and its last lines stand under a failure, a
 * wrong prefix is named first, and the backend gets its settings under the names it reads.
 */

t.test('--only: a subset without a link check runs, with the set-up it needs, and reports exactly that subset', async (t) => {
  const a = await conform({ ...await referenceOptions(), only: ['webhook.signature'] })
  t.equal(a.status, 0, 'exit status 0', { error: a.error })
  t.same(a.verdicts.map((v) => [v.id, v.outcome]), [['webhook.signature', 'pass']])
  const b = await conform({ ...await referenceOptions(), only: ['routes.login-required', 'incremental.pagination'] })
  t.equal(b.status, 0, 'exit status 0', { error: b.error })
  t.same(b.verdicts.map((v) => [v.id, v.outcome]), [['routes.login-required', 'pass'], ['incremental.pagination', 'pass']], 'the link flow and the incremental scenario ran as set-up, unreported')
})

t.test('the backend\'s output is kept in a file, and its last lines stand under a failing check', async (t) => {
  const r = await conform({ ...await nodeOptions('slug-as-name'), only: ['exchange.integration-name'] })
  t.equal(r.status, 1)
  t.ok(r.appLog !== undefined && existsSync(r.appLog), 'a log file', { appLog: r.appLog })
  t.match(readFileSync(r.appLog!, 'utf8'), /listening|REFERENCE_BROKEN/, 'the backend\'s own output')
  const failed = r.verdicts.find((v) => v.outcome === 'fail')!
  t.ok((failed.evidence?.log ?? []).length > 0, 'its last lines under the failure', { evidence: failed.evidence })
})

t.test('a wrong prefix is the first thing said, even when the backend answers unknown paths with JSON', async (t) => {
  const node = await conform({ ...await referenceOptions(), appPrefix: '/api/wrong' })
  t.equal(node.status, 2)
  t.match(node.error, /^no route at http:\/\/127\.0\.0\.1:\d+\/api\/wrong\/check-sync-status \(404\): check --app-prefix$/)
  const python = await conform({ ...await pythonOptions(), appPrefix: '/api/wrong' })
  t.equal(python.status, 2)
  t.match(python.error, /^no route at http:\/\/127\.0\.0\.1:\d+\/api\/wrong\/\S+ \(404, as a path nothing serves answers\): check --app-prefix and the --routes map$/)
})

t.test('--app-env: a backend that reads MERGE_API_KEY and MERGE_WEBHOOK_SECRET gets them', async (t) => {
  // A backend reading its own names: the reference started through a shell that only passes those on.
  const command = `env -u UNIMOCK_API_KEY -u UNIMOCK_WEBHOOK_KEY sh -c 'UNIMOCK_API_KEY="$MERGE_API_KEY" UNIMOCK_WEBHOOK_KEY="$MERGE_WEBHOOK_SECRET" exec "${process.execPath}" "${REFERENCE}"'`
  const base = { ...await referenceOptions(), appCommand: command, only: ['webhook.signature'], waitMs: 5000 }
  const without = await conform(base)
  t.equal(without.status, 2, 'without the mapping the backend cannot start', { error: without.error })
  const mapped = await conform({ ...base, appEnv: ['MERGE_API_KEY=api-key', 'MERGE_WEBHOOK_SECRET=webhook-key'] })
  t.equal(mapped.status, 0, 'with it, it runs', { error: mapped.error })
})
