import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t from 'tap'

/**
 * The install the README documents, run as it stands there: the lines of its "Installing" block, in a fresh
 * project, with this machine's npm and with npm 12 (which refuses git dependencies unless allowed: EALLOWGIT),
 * then `npx unimock --version`. The repository's URL becomes a bare clone of this one (what is committed,
 * tagged as the README's tag): npm clones it, installs its dev dependencies and builds it (its prepare step),
 * as from GitHub. npm 12 comes from the registry through npx, and from its cache when it is there; where it
 * cannot be had, its half is skipped, saying so. About a minute: each install builds unimock.
 */

const run = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
const REPOSITORY = 'git+https://github.com/unimock/unimock.git'
// Settings of an enclosing `npm test` (npm_config_*) would leak into the nested npm commands; the cache is
// preferred (the registry is asked only for what it lacks), which changes nothing the README's lines do.
const env: Record<string, string> = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_'))) as Record<string, string>,
  npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false'
}

/** The README's install lines, each without its comment, and the CLI line that follows them. */
function installLines (): { install: string[], cli: string } {
  const readme = readFileSync(join(root, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('\n## Installing'))
  const block = /```shell\n([\s\S]*?)\n```/.exec(section)?.[1]
  if (block === undefined) throw new Error('README.md has no shell block under "## Installing"')
  const lines = block.split('\n').map((line) => line.replace(/\s+#\s.*$/, '').trim()).filter((line) => line !== '')
  const cli = lines.pop()!
  const unknown = lines.filter((line) => !/^(npm|echo) /.test(line))
  if (!cli.startsWith('npx unimock') || unknown.length > 0) throw new Error(`README.md's install block changed shape: ${block}`)
  return { install: lines, cli }
}

const work = mkdtempSync(join(tmpdir(), 'unimock-git-install-'))
t.teardown(() => { rmSync(work, { recursive: true, force: true }) })
const bare = join(work, 'unimock.git')
await run('git', ['clone', '--quiet', '--bare', root, bare])
await run('git', ['-C', bare, 'tag', '--force', `v${version}`, 'HEAD'])

const { install, cli } = installLines()
const local = (line: string): string => line.replaceAll(REPOSITORY, `git+file://${bare}`)

/** A bin folder whose npm and npx are npm 12's, or why there is none. */
async function npm12 (): Promise<string | { skip: string }> {
  try {
    const { stdout } = await run('npx', ['-y', '--prefer-offline', '-p', 'npm@12', '-c', 'command -v npm'], { env, timeout: 120_000 })
    return dirname(stdout.trim())
  } catch (error) {
    return { skip: `npm 12 could not be had from the registry or npx's cache: ${(error as Error).message.split('\n')[0]!}` }
  }
}

/** bash -e in a fresh project folder, with `bin` (an npm's) first on PATH. */
async function project (name: string): Promise<string> {
  const dir = join(work, name)
  mkdirSync(dir)
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true }))
  return dir
}
const sh = async (script: string, cwd: string, bin: string | undefined): Promise<{ code: number, stdout: string, output: string }> => {
  const path = bin === undefined ? env.PATH! : `${bin}:${env.PATH!}`
  return await run('bash', ['-e', '-c', script], { cwd, env: { ...env, PATH: path }, timeout: 600_000, maxBuffer: 16 << 20 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, output: stdout + stderr }),
    (error: { code?: number, stdout?: string, stderr?: string }) => ({ code: error.code ?? -1, stdout: error.stdout ?? '', output: `${error.stdout ?? ''}${error.stderr ?? ''}` }))
}

t.test('the README installs the tag it names', async (t) => {
  t.match(install.join('\n'), `${REPOSITORY}#v${version}`, `the README installs v${version}, package.json's version`)
})

t.test('the README\'s install, with each npm', { jobs: 2 }, async (t) => {
  const npms: Array<{ label: string, bin: string | undefined | { skip: string } }> = [
    { label: `this machine's npm ${(await run('npm', ['--version'], { env })).stdout.trim()}`, bin: undefined },
    { label: 'npm 12', bin: await npm12() }
  ]
  for (const { label, bin } of npms) {
    if (typeof bin === 'object') { t.test(label, { skip: bin.skip }, async () => {}); continue }
    t.test(`${label}: the README's lines install unimock from the tag, and its CLI runs`, async (t) => {
      const dir = await project(label.replace(/\W+/g, '-'))
      const done = await sh(install.map(local).join('\n'), dir, bin)
      t.equal(done.code, 0, install.join(' && '), { output: done.output })
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { devDependencies?: Record<string, string> }
      t.match(manifest.devDependencies, { unimock: `git+file://${bare}#v${version}` }, 'a dev dependency on the tag')
      const ran = await sh(cli.replace(/^npx unimock\b.*$/, 'npx unimock --version'), dir, bin)
      t.equal(ran.stdout.trim(), version, `${cli.split(' ').slice(0, 2).join(' ')} runs the installed CLI`)
    })
  }
  const bin = npms[1]!.bin
  if (typeof bin === 'string') {
    t.test('npm 12 without the README\'s allow-git line refuses the install (EALLOWGIT)', async (t) => {
      const dir = await project('npm-12-without')
      const refused = await sh(install.filter((line) => line.startsWith('npm ')).map(local).join('\n'), dir, bin)
      t.not(refused.code, 0)
      t.match(refused.output, /EALLOWGIT/)
    })
  }
})
