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
  const cmd = parseCli(['--port', '1234', '--host', '0.0.0.0', '--db', 'a.db', '--clock', 'real', '--clock-start', '2030-05-01T00:00:00Z',
    '--time-scale', '60', '--seed', '7', '--log-level', 'debug', '--body-limit', '2048', '--plant-auth', 'required', '--plant-token-ttl', '60'], {})
  t.match(cmd, {
    kind: 'run',
    config: { port: 1234, host: '0.0.0.0', db: 'a.db', clock: 'real', clockStart: '2030-05-01T00:00:00Z', timeScale: 60, seed: 7, logLevel: 'debug', bodyLimit: 2048, plantAuth: 'required', plantTokenTtl: 60 }
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

t.test('a bad value is answered with the form the flag takes', async (t) => {
  const message = (argv: string[], env: Record<string, string> = {}): string => {
    try { parseCli(argv, env); return 'accepted' } catch (error) { return (error as Error).message }
  }
  t.equal(message(['--clock', 'sideways']), 'invalid value for --clock: must be one of real, virtual (got "sideways")')
  t.equal(message(['--log-level', 'loud']), 'invalid value for --log-level: must be one of fatal, error, warn, info, debug, trace, silent (got "loud")')
  t.equal(message(['--rate-limit', 'fast']), '--rate-limit must be a whole number from 1, or off, got "fast"')
  t.equal(message(['--rate-limit', '0']), 'invalid value for --rate-limit: must be a whole number from 1, or off (got 0)')
  t.equal(message(['--relink-status', '402']), 'invalid value for --relink-status: must be one of 401, 403 (got 402)')
  t.match(message(['--clock-start', '1']), /^invalid value for --clock-start: "1" is not an ISO 8601 date or date-time with a zone, such as 2026-01-01 or 2026-01-01T09:30:00Z$/, 'not the year 2001')
  t.match(message(['--clock-start', '2030-01-01T09:00:00']), /--clock-start: .* with a zone/, 'a time without a zone would be local time')
  t.equal(message(['--clock-start', '2030-01-01']), 'accepted')
  t.match(message(['--clock', 'virtual', '--time-scale', '60']), /^invalid value for --time-scale: it applies to the real clock only/)
  t.match(message([], { UNIMOCK_TIME_SCALE: '60', UNIMOCK_CLOCK: 'virtual' }), /--time-scale: it applies to the real clock only/)
  t.equal(message(['--sync-interval', '5']), 'invalid value for --sync-interval: "5" is not a duration: 90s, 5m, 24h, 7d, 1h30m or ISO 8601 such as PT24H (a bare number has no unit: write 5ms, 5s or 5m)')
  t.equal(message(['--full-resync-interval', '0']), 'accepted', '0 needs no unit')
  t.equal(message(['--seeed', '3']), 'Unknown option \'--seeed\' (did you mean --seed?)')
})

t.test('an UNIMOCK_ variable that names no setting is reported, with the one it resembles', async (t) => {
  const cmd = parseCli([], { UNIMOCK_SEEED: '3', UNIMOCK_PORT: '5000', UNIMOCK_UPDATE_GOLDEN: '1', UNIMOCK_WHATEVER_ELSE: 'x' })
  t.match(cmd, { kind: 'run', config: { seed: 1, port: 5000 } })
  if (cmd.kind !== 'run') return
  t.same(cmd.warnings, [
    'UNIMOCK_SEEED is not a setting and is ignored (did you mean UNIMOCK_SEED?)',
    'UNIMOCK_WHATEVER_ELSE is not a setting and is ignored'
  ])
})

t.test('check: scenario files as arguments, on the virtual clock', async (t) => {
  t.match(parseCli(['check', 'happy-path', 'x.yaml', '--seed', '3'], {}), { kind: 'check', targets: ['happy-path', 'x.yaml'], config: { clock: 'virtual', seed: 3 } })
  t.throws(() => parseCli(['check'], {}), /check needs at least one scenario/)
  t.throws(() => parseCli(['check', 'a.yaml', '--clock', 'real'], {}), /virtual clock/)
  t.throws(() => parseCli(['serve'], {}), /unexpected argument 'serve'/)
})

t.test('--help lists every setting of the settings schema, with its default and variable', async (t) => {
  const help = usage()
  for (const [flag, env, text] of [['--sync-interval D', 'UNIMOCK_SYNC_INTERVAL', '(default 24h)'], ['--clock real|virtual', 'UNIMOCK_CLOCK', '(default real)'], ['--rate-limit N|off', 'UNIMOCK_RATE_LIMIT', '(default 100)'], ['--api-key K', 'UNIMOCK_API_KEY', 'repeatable']]) {
    t.match(help, flag)
    t.match(help, `env ${env}`)
    t.match(help, text)
  }
})
