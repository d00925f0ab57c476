import { spawnSync } from 'node:child_process'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { parseCli } from '../../src/server.js'

// `npm start --clock virtual` (the -- forgotten): npm keeps --clock as its own setting and passes "virtual" on.
// Needs `npm run build` first, like the CLI tests.

const root = fileURLToPath(new URL('../..', import.meta.url))

t.test('an argument whose flag npm swallowed gets the command that was meant', async (t) => {
  t.throws(() => parseCli(['virtual'], { npm_config_clock: 'true' }), /unexpected argument 'virtual'.*did you mean `npm start -- --clock virtual`\?/)
  t.throws(() => parseCli(['serve'], {}), { message: /^unexpected argument 'serve': the commands are check .* and conform .*\)$/ }, 'no hint without one')
})

t.test('npm start --clock virtual, as typed', async (t) => {
  const run = spawnSync('npm', ['start', '--silent', '--clock', 'virtual'], {
    cwd: root, encoding: 'utf8', timeout: 60_000, env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` }
  })
  t.equal(run.status, 2, run.stderr)
  t.match(run.stderr, /did you mean `npm start -- --clock virtual`\?/)
})
