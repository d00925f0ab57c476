import t from 'tap'
import { FLAGS } from '../../src/cli/flags.js'
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
    [['--port', 'abc'], {}, /--port: must be a whole number/],
    [['--port', '70000'], {}, /--port/],
    [['--port', '-1'], {}, /--port/],
    [['--clock', 'sideways'], {}, /--clock/],
    [['--seed', '1.5'], {}, /--seed/],
    [['--log-level', 'loud'], {}, /--log-level/],
    [['--clock-start', 'yesterday'], {}, /clockStart|clock-start/],
    [[], { UNIMOCK_PORT: 'x' }, /UNIMOCK_PORT: must be a whole number/],
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
  t.equal(message(['--rate-limit', 'fast']), 'invalid value for --rate-limit: must be a whole number from 1, or off (got "fast")')
  t.equal(message(['--rate-limit', '0']), 'invalid value for --rate-limit: must be a whole number from 1, or off (got 0)')
  t.equal(message(['--relink-status', '402']), 'invalid value for --relink-status: must be one of 401, 403 (got 402)')
  t.match(message(['--clock-start', '1']), /^invalid value for --clock-start: "1" is not an ISO 8601 date or date-time with a zone, such as 2026-01-01 or 2026-01-01T09:30:00Z$/, 'not the year 2001')
  t.match(message(['--clock-start', '2030-01-01T09:00:00']), /--clock-start: .* with a zone/, 'a time without a zone would be local time')
  t.equal(message(['--clock-start', '2030-01-01']), 'accepted')
  t.match(message(['--clock', 'virtual', '--time-scale', '60']), /^invalid value for --time-scale: it applies to the real clock only/)
  t.match(message([], { UNIMOCK_TIME_SCALE: '60', UNIMOCK_CLOCK: 'virtual' }), /^invalid value for UNIMOCK_TIME_SCALE: it applies to the real clock only/, 'named by the variable it came from')
  t.equal(message(['--sync-interval', '5']), 'invalid value for --sync-interval: "5" is not a duration: 90s, 5m, 24h, 7d, 1h30m or ISO 8601 such as PT24H (a bare number has no unit: write 5ms, 5s or 5m)')
  t.equal(message(['--full-resync-interval', '0']), 'accepted', '0 needs no unit')
  t.equal(message(['--seeed', '3']), 'Unknown option \'--seeed\' (did you mean --seed?)')
})

t.test('every setting\'s error names the flag, the value and the form it takes, never raw schema text', async (t) => {
  const message = (argv: string[]): string => {
    try { parseCli(argv, {}); return 'accepted' } catch (error) { return (error as Error).message }
  }
  t.equal(message(['--port', '99999']), 'invalid value for --port: must be a whole number from 0 to 65535 (got 99999)')
  t.equal(message(['--webhook-url', 'notaurl']),
    'invalid value for --webhook-url: must be an http:// or https:// URL, such as http://localhost:3000/hooks/{category} (got "notaurl")')
  t.equal(message(['--data-volume', 'employees']), 'invalid value for --data-volume: must be model=N, such as employees=1000 or hris.Employee=500 (got "employees")')
  t.equal(message(['--time-scale', '0']), 'invalid value for --time-scale: must be a number above 0 (got 0)')
  t.equal(message(['--journal-total', '0']), 'invalid value for --journal-total: must be a whole number from 1 (got 0)')
  t.match(message(['--public-url', 'https://x.example/path']), /^invalid value for --public-url: must be an origin, .* \(got "https:\/\/x\.example\/path"\)$/)
  t.equal(message(['--host=']), 'invalid value for --host: must be a host name or IP address (got "")')
  const candidates = ['', 'x', 'notaurl', '0', '-5', '1.5', '99999999999', 'https://a.example/b']
  let refused = 0
  for (const spec of FLAGS) {
    for (const value of candidates) {
      const text = message([`--${spec.flag}=${value}`])
      if (text === 'accepted') continue
      refused++
      t.match(text, `--${spec.flag}`, `${spec.flag}=${value}: names the flag`)
      t.match(text, value === '' ? '""' : value, `${spec.flag}=${value}: names the value`)
      t.match(text, /must be|is not|applies to/, `${spec.flag}=${value}: says the form`)
      t.notMatch(text, /Expected|\^/, `${spec.flag}=${value}: no schema text: ${text}`)
    }
  }
  t.ok(refused > FLAGS.length, `${refused} refusals checked`)
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
  t.match(parseCli(['check', '--tap', '--junit', 'out.xml', 'happy-path'], {}), { kind: 'check', reports: { tap: true, junit: 'out.xml' } })
  t.match(parseCli(['check', 'happy-path'], {}), { kind: 'check', reports: { tap: false, junit: undefined } })
  t.throws(() => parseCli(['--tap'], {}), /--junit and --tap report a check/)
  t.throws(() => parseCli(['check', '--junit=', 'x'], {}), /invalid value for --junit/)
})

t.test('--help lists every setting of the settings schema, with its default and variable', async (t) => {
  const help = usage()
  for (const [flag, env, text] of [['--sync-interval D', 'UNIMOCK_SYNC_INTERVAL', '(default 24h)'], ['--clock real|virtual', 'UNIMOCK_CLOCK', '(default real)'], ['--rate-limit N|off', 'UNIMOCK_RATE_LIMIT', '(default 100)'], ['--api-key K', 'UNIMOCK_API_KEY', 'repeatable']]) {
    t.match(help, flag)
    t.match(help, `env ${env}`)
    t.match(help, text)
  }
})
