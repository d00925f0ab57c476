import t from 'tap'
import { parseCli, UsageError, usage } from '../../src/server.js'

t.test('defaults: in-memory database, real clock, port 4010 on loopback', async (t) => {
  const cmd = parseCli([], {})
  t.equal(cmd.kind, 'run')
  if (cmd.kind !== 'run') return
  t.match(cmd.config, { port: 4010, host: '127.0.0.1', db: ':memory:', clock: 'real', seed: 1, logLevel: 'warn', plantAuth: 'none' })
  t.ok(Object.isFrozen(cmd.config), 'config is frozen once parsed')
})

t.test('environment variables are a fallback and flags win', async (t) => {
  const env = { UNIMOCK_PORT: '5000', UNIMOCK_CLOCK: 'virtual', UNIMOCK_DB: '/tmp/x.db', UNIMOCK_LOG_LEVEL: 'info' }
  const fromEnv = parseCli([], env)
  t.match(fromEnv, { kind: 'run', config: { port: 5000, clock: 'virtual', db: '/tmp/x.db', logLevel: 'info' } })
  const flagsWin = parseCli(['--port', '0', '--clock=real'], env)
  t.match(flagsWin, { kind: 'run', config: { port: 0, clock: 'real', db: '/tmp/x.db' } })
})

t.test('every documented flag parses', async (t) => {
  const cmd = parseCli(['--port', '1234', '--host', '0.0.0.0', '--db', 'a.db', '--clock', 'virtual', '--clock-start', '2030-05-01T00:00:00Z',
    '--time-scale', '60', '--seed', '7', '--log-level', 'debug', '--body-limit', '2048', '--plant-auth', 'required', '--plant-token-ttl', '60'], {})
  t.match(cmd, {
    kind: 'run',
    config: { port: 1234, host: '0.0.0.0', db: 'a.db', clock: 'virtual', clockStart: '2030-05-01T00:00:00Z', timeScale: 60, seed: 7, logLevel: 'debug', bodyLimit: 2048, plantAuth: 'required', plantTokenTtl: 60 }
  })
})

t.test('help and version', async (t) => {
  t.same(parseCli(['--help'], {}), { kind: 'help' })
  t.same(parseCli(['--version'], {}), { kind: 'version' })
  for (const flag of ['--port', '--db', '--clock', '--seed', '--log-level', '--plant-auth']) t.match(usage(), flag)
})

t.test('bad input names the flag', async (t) => {
  const cases: Array<[string[], Record<string, string>, RegExp]> = [
    [['--nope'], {}, /--nope/],
    [['--port', 'abc'], {}, /--port must be an integer/],
    [['--port', '70000'], {}, /--port/],
    [['--port', '-1'], {}, /--port/],
    [['--clock', 'sideways'], {}, /--clock/],
    [['--seed', '1.5'], {}, /--seed/],
    [['--log-level', 'loud'], {}, /--log-level/],
    [['--clock-start', 'yesterday'], {}, /clockStart|clock-start/],
    [[], { UNIMOCK_PORT: 'x' }, /UNIMOCK_PORT must be an integer/],
    [['stray'], {}, /stray/]
  ]
  for (const [argv, env, message] of cases) {
    t.throws(() => parseCli(argv, env), message, argv.join(' ') || JSON.stringify(env))
    try { parseCli(argv, env) } catch (error) { t.type(error, UsageError) }
  }
})
