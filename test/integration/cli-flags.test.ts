import t from 'tap'
import { parseCli, usage, UsageError } from '../../src/server.js'

/** The unified service's flags: --api-key (repeatable), --relink-status, --public-token-ttl. */

t.test('defaults: any API key, relinking answers 401, public tokens live 10 minutes', async (t) => {
  t.match(parseCli([], {}), { kind: 'run', config: { apiKeys: [], relinkStatus: 401, publicTokenTtl: 600 } })
})

t.test('--api-key repeats; UNIMOCK_API_KEY is comma-separated; flags win', async (t) => {
  t.match(parseCli(['--api-key', 'a', '--api-key=b'], {}), { config: { apiKeys: ['a', 'b'] } })
  t.match(parseCli([], { UNIMOCK_API_KEY: 'a, b,,c' }), { config: { apiKeys: ['a', 'b', 'c'] } })
  t.match(parseCli(['--api-key', 'x'], { UNIMOCK_API_KEY: 'a,b' }), { config: { apiKeys: ['x'] } })
  t.match(parseCli(['--relink-status', '403', '--public-token-ttl', '30'], {}), { config: { relinkStatus: 403, publicTokenTtl: 30 } })
  t.match(parseCli([], { UNIMOCK_RELINK_STATUS: '403' }), { config: { relinkStatus: 403 } })
  for (const flag of ['--api-key', '--relink-status', '--public-token-ttl']) t.match(usage(), flag)
})

t.test('bad values name the flag, or the variable they came from', async (t) => {
  const cases: Array<[string[], Record<string, string>, RegExp]> = [
    [['--api-key', ''], {}, /invalid value for --api-key:/],
    [['--api-key'], {}, /--api-key/],
    [['--relink-status', '402'], {}, /invalid value for --relink-status/],
    [['--relink-status', 'forbidden'], {}, /invalid value for --relink-status: must be one of 401, 403 \(got "forbidden"\)/],
    [['--public-token-ttl', '0'], {}, /invalid value for --public-token-ttl/],
    [[], { UNIMOCK_RELINK_STATUS: '500' }, /UNIMOCK_RELINK_STATUS/]
  ]
  for (const [argv, env, message] of cases) {
    t.throws(() => parseCli(argv, env), message, argv.join(' ') || JSON.stringify(env))
    try { parseCli(argv, env) } catch (error) { t.type(error, UsageError) }
  }
})
