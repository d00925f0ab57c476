import t from 'tap'
import { conform, type ConformOptions, type ConformResult } from '../../src/conform/conform.js'
import { nodeOptions, pythonOptions } from './helpers.js'

/**
 * Every correct design passes: the two references (Node: two users by default, its check-sync-status fetches;
 * Python: one user, its own route names, a poller that does the fetching) in the configurations the rules
 * allow. None fails a check; a check is not applicable only where the line says what the user can change (the
 * page checks, without --app-page, say to give it).
 * (The Node reference with two users and no flag is reference.test.ts, through the CLI.) Two kit runs at a time.
 */

interface Configuration {
  readonly name: string
  readonly options: () => Promise<ConformOptions>
  /** Checks allowed to be not applicable, and what their reason must name. */
  readonly na?: Readonly<Record<string, RegExp>>
}

const configurations: Configuration[] = [
  { name: 'Node, one user', options: async () => await nodeOptions(undefined, { oneUser: true }), na: { '*': /--app-header-2/ } },
  { name: 'Node, its poll every second, --poll-interval 1s', options: async () => await nodeOptions(undefined, { env: { POLL_INTERVAL_MS: '1000' }, pollIntervalMs: 1000 }) },
  { name: 'Node, its poll every hour, --poll-interval 1h', options: async () => await nodeOptions(undefined, { env: { POLL_INTERVAL_MS: '3600000' }, pollIntervalMs: 3_600_000 }) },
  { name: 'Node, answers every delivery 200 and drops a bad one', options: async () => await nodeOptions(undefined, { env: { WEBHOOKS: 'verify-later' } }) },
  {
    name: 'Node, polling only (deliveries acknowledged, never acted on), its poll every second',
    options: async () => await nodeOptions(undefined, { env: { WEBHOOKS: 'ignore', POLL_INTERVAL_MS: '1000' }, pollIntervalMs: 1000 }),
    na: { 'webhook.signature': /does not act on webhooks/, 'webhook.replay': /does not act on webhooks/, 'webhook.stale': /does not act on webhooks/ }
  },
  { name: 'Python, its poll every second, --poll-interval 1s', options: async () => await pythonOptions(undefined, { pollIntervalMs: 1000 }) },
  { name: 'Python, its poll every second, no --poll-interval', options: async () => await pythonOptions(undefined) },
  {
    name: 'Python, its poll every hour, no --poll-interval',
    options: async () => await pythonOptions(undefined, { env: { POLL_INTERVAL: '3600' } }),
    na: { 'resilience.polling': /give --poll-interval D/ }
  }
]

t.test('every correct configuration: no check fails; not applicable only with the reason the user can act on', async (t) => {
  const results = new Map<string, ConformResult>()
  const queue = [...configurations]
  const worker = async (): Promise<void> => {
    for (let c = queue.shift(); c !== undefined; c = queue.shift()) results.set(c.name, await conform(await c.options()))
  }
  await Promise.all([worker(), worker()])
  for (const c of configurations) {
    const r = results.get(c.name)!
    t.equal(r.status, 0, `${c.name}: exit status 0`, { error: r.error, failures: r.verdicts.filter((v) => v.outcome === 'fail').map((v) => `${v.id}: ${v.detail} | ${v.evidence?.got ?? ''}`) })
    for (const v of r.verdicts.filter((v) => v.outcome === 'n/a')) {
      const reason = v.id.startsWith('page.') ? /give --app-page URL/ : c.na?.[v.id] ?? c.na?.['*']
      t.ok(reason?.test(v.detail), `${c.name}: ${v.id} not applicable only for a reason the user can act on`, { detail: v.detail })
    }
    if (c.na !== undefined && !('*' in c.na)) for (const id of Object.keys(c.na)) t.ok(r.verdicts.some((v) => v.id === id && v.outcome === 'n/a'), `${c.name}: ${id} is not applicable, saying why`)
  }
})
