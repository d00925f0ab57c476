import t from 'tap'
import { FLAGS } from '../../src/cli/flags.js'
import { parseCli } from '../../src/server.js'

/**
 * A bad value is named where it was written: the flag when the command line gave it, its UNIMOCK_* variable
 * when the environment did (a bad UNIMOCK_CLOCK used to be reported as a bad --clock).
 */

const message = (argv: string[], env: Record<string, string> = {}): string => {
  try { parseCli(argv, env); return 'accepted' } catch (error) { return (error as Error).message }
}

t.test('a bad UNIMOCK_CLOCK names the variable; a flag given wins and is named', async (t) => {
  t.equal(message([], { UNIMOCK_CLOCK: 'sometimes' }), 'invalid value for UNIMOCK_CLOCK: must be one of real, virtual (got "sometimes")')
  t.equal(message(['--clock', 'virtual'], { UNIMOCK_CLOCK: 'sometimes' }), 'accepted', 'the flag wins over the variable')
  t.equal(message(['--clock', 'sometimes'], { UNIMOCK_CLOCK: 'virtual' }), 'invalid value for --clock: must be one of real, virtual (got "sometimes")')
  t.equal(message(['check', 'happy-path'], { UNIMOCK_CLOCK: 'real' }), 'check plays scenarios on the virtual clock: drop UNIMOCK_CLOCK=real')
  t.equal(message(['check', 'happy-path', '--clock', 'real']), 'check plays scenarios on the virtual clock: drop --clock real')
  t.equal(message(['check', 'happy-path'], { UNIMOCK_SCENARIO: 'x.yaml' }), 'check takes its scenario files as arguments, not UNIMOCK_SCENARIO')
})

t.test('every setting refused from the environment is named by its variable, never by its flag', async (t) => {
  const candidates = ['x', 'notaurl', '0', '-5', '1.5', '99999999999', 'https://a.example/b']
  let refused = 0
  for (const spec of FLAGS) {
    for (const value of candidates) {
      const text = message([], { [spec.env]: value })
      if (text === 'accepted') continue
      refused++
      t.ok(text.startsWith(`invalid value for ${spec.env}:`), `${spec.env}=${value}: ${text}`)
    }
  }
  t.ok(refused > FLAGS.length, `${String(refused)} refusals checked`)
})
