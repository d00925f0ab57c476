import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import t, { type Test } from 'tap'
import { FLAGS } from '../../src/cli/flags.js'

/**
 * The README cannot drift: its `sh` blocks run, in order, in one bash session, against a fresh
 * `unimock --clock virtual` (the built CLI), and a `text` block right after an `sh` block is that block's
 * expected output (`...` in a line matches any text; a line that is only `...` matches any number of lines).
 * Every flag of the settings schema and every route of the OpenAPI document must be in the README too.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const launcher = `${root}dist/src/launcher.js`
const readme = readFileSync(`${root}README.md`, 'utf8')

interface Block { readonly lang: string, readonly body: string, readonly line: number }

function blocks (markdown: string): Block[] {
  const found: Block[] = []
  const lines = markdown.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]!)
    if (open === null) continue
    const start = i
    const body: string[] = []
    for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i]!)
    found.push({ lang: open[1]!, body: body.join('\n'), line: start + 1 })
  }
  return found
}

/** Does `actual` match the expected lines, `...` standing for any text within a line or any lines? */
function matches (expected: readonly string[], actual: readonly string[]): boolean {
  const lineMatches = (e: string, a: string): boolean =>
    new RegExp(`^${e.split('...').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(a)
  const from = (i: number, j: number): boolean => {
    if (i === expected.length) return j === actual.length
    if (expected[i] === '...') {
      for (let k = j; k <= actual.length; k++) if (from(i + 1, k)) return true
      return false
    }
    return j < actual.length && lineMatches(expected[i]!, actual[j]!) && from(i + 1, j + 1)
  }
  return from(0, 0)
}

const trimEnd = (lines: string[]): string[] => {
  const out = [...lines]
  while (out.length > 0 && out.at(-1)!.trim() === '') out.pop()
  return out
}

/** A bash session that runs one block at a time and hands back what it printed. */
class Shell {
  readonly #bash: ChildProcessWithoutNullStreams
  #out = ''
  #err = ''
  #waiting: { marker: string, resolve: (out: string) => void } | undefined
  #exited: string | undefined

  constructor (env: NodeJS.ProcessEnv) {
    this.#bash = spawn('bash', ['--noprofile', '--norc'], { cwd: root, env })
    this.#bash.stdout.on('data', (chunk: Buffer) => { this.#out += chunk.toString(); this.#check() })
    this.#bash.stderr.on('data', (chunk: Buffer) => { this.#err += chunk.toString() })
    this.#bash.on('exit', (code) => { this.#exited = `bash exited with ${String(code)}: ${this.#err}`; this.#check() })
    this.#bash.stdin.write(`set -eo pipefail\nunimock () { node ${JSON.stringify(launcher)} "$@"; }\n`)
  }

  async run (script: string, marker: string): Promise<string> {
    this.#err = ''
    const done = new Promise<string>((resolve) => { this.#waiting = { marker, resolve } })
    this.#bash.stdin.write(`${script}\nprintf '\\n%s\\n' '${marker}'\n`)
    return await done
  }

  stderr (): string { return this.#err }

  #check (): void {
    const w = this.#waiting
    if (w === undefined) return
    const at = this.#out.indexOf(`\n${w.marker}\n`)
    if (at >= 0) {
      const out = this.#out.slice(0, at)
      this.#out = this.#out.slice(at + w.marker.length + 2)
      this.#waiting = undefined
      w.resolve(out)
    } else if (this.#exited !== undefined) {
      this.#waiting = undefined
      w.resolve(`${this.#out}\n[${this.#exited}]`)
    }
  }

  close (): void { this.#bash.stdin.end() }
}

async function startServer (t: Test): Promise<string> {
  const child = spawn(process.execPath, [launcher, '--port', '0', '--clock', 'virtual', '--log-level', 'silent'], { stdio: ['ignore', 'pipe', 'inherit'] })
  t.teardown(() => { child.kill('SIGTERM') })
  let out = ''
  return await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1]
      if (url !== undefined) resolve(url)
    })
    child.once('exit', (code) => { reject(new Error(`unimock exited with ${String(code)} before listening: ${out}`)) })
  })
}

t.test('every sh block of the README runs, and prints what the text block after it shows', async (t) => {
  if (!existsSync(launcher)) throw new Error(`${launcher} is missing: run npm run build first (npm test does)`)
  const url = await startServer(t)
  const shell = new Shell({ ...process.env, UNIMOCK_README: '1' })
  t.teardown(() => { shell.close() })
  const all = blocks(readme)
  let ran = 0
  for (let i = 0; i < all.length; i++) {
    const block = all[i]!
    if (block.lang !== 'sh') continue
    ran++
    const script = block.body.replace(/(?:localhost|127\.0\.0\.1):4010/g, url.replace(/^http:\/\//, ''))
    const out = await shell.run(script, `__README_BLOCK_${i}__`)
    const next = all[i + 1]
    if (next?.lang === 'text') {
      const expected = trimEnd(next.body.split('\n'))
      // HTTP header lines end in CR LF.
      const actual = trimEnd(out.split('\n').map((line) => line.replace(/\r$/, '')))
      t.ok(matches(expected, actual), `README.md line ${block.line}: the output matches the text block at line ${next.line}`, { found: actual.join('\n'), wanted: expected.join('\n'), stderr: shell.stderr() })
    } else {
      t.notMatch(out, /\[bash exited/, `README.md line ${block.line} runs`, { stderr: shell.stderr() })
    }
  }
  t.ok(ran >= 10, `${ran} sh blocks ran`)
})

t.test('the README documents every flag and variable of the settings schema', async (t) => {
  for (const spec of FLAGS) {
    t.match(readme, new RegExp(`\\| \`--${spec.flag}[ \`]`), `--${spec.flag} has a row in the flag table`)
    t.match(readme, `\`${spec.env}\``, `${spec.env} is named`)
  }
})

t.test('the README names every route of the OpenAPI document (the data endpoints of each model as one family)', async (t) => {
  const url = await startServer(t)
  const doc = await (await fetch(`${url}/openapi.json`)).json() as { paths: Record<string, Record<string, unknown>> }
  const catalogue = JSON.parse(readFileSync(`${root}fixtures/unified-models.json`, 'utf8')) as { categories: Record<string, { models: Record<string, { segment: string }> }> }
  const segments = new Set(Object.values(catalogue.categories).flatMap((c) => Object.values(c.models).map((m) => m.segment)))
  const shape = (path: string): string => path.replace(/\{[^}]*\}/g, '{}')
  const documented = new Set([...readme.matchAll(/\/[A-Za-z0-9_{}./-]+/g)].map((m) => shape(m[0])))
  const missing: string[] = []
  for (const path of Object.keys(doc.paths)) {
    const generic = path.replace(new RegExp(`^/api/(${Object.keys(catalogue.categories).join('|')})/v1/`), '/api/{category}/v1/')
    const data = /^\/api\/\{category\}\/v1\/([a-z-]+)(?:\/\{id\})?$/.exec(generic)
    if (data !== null && segments.has(data[1]!)) continue
    // Catalogue-driven write routes of every model are one family too: /api/{category}/v1/{segment}/meta/post ...
    const family = generic.replace(/^(\/api\/\{category\}\/v1\/)([a-z-]+)(?=\/)/, (all, prefix: string, segment: string) => segments.has(segment) ? `${prefix}{segment}` : all)
    if (!documented.has(shape(generic)) && !documented.has(shape(family))) missing.push(generic)
  }
  t.same([...new Set(missing)], [], 'every other route appears in the README')
})
