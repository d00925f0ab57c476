import { execFile } from 'node:child_process'
import { statSync } from 'node:fs'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import t from 'tap'

// `npx unimock` in a clone runs dist/src/launcher.js itself (npm links the bin without chmod when npx's cache
// already has an entry): the build must leave it executable. Needs `npm run build` first, like the CLI tests.

const launcher = fileURLToPath(new URL('../../dist/src/launcher.js', import.meta.url))

t.test('the build leaves the bin executable, and it runs as ./dist/src/launcher.js', async (t) => {
  t.equal(statSync(launcher).mode & 0o111, 0o111, 'executable by owner, group and others')
  const { stdout } = await promisify(execFile)(launcher, ['--version'], { env: { ...process.env, PATH: `${process.execPath.replace(/\/node$/, '')}:${process.env.PATH ?? ''}` } })
  t.match(stdout.trim(), /^\d+\.\d+\.\d+/)
})
