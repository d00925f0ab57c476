import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { existsSync } from 'node:fs'
import type { Test } from 'tap'
import { root } from './markdown.js'

const launcher = `${root}dist/src/launcher.js`

/** A bash session that runs one block at a time and hands back what it printed; `unimock` is the built CLI. */
export class Shell {
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

/** A fresh `unimock --clock virtual` on a free port, stopped when the test ends; resolves to its URL. */
export async function startServer (t: Test): Promise<string> {
  if (!existsSync(launcher)) throw new Error(`${launcher} is missing: run npm run build first (npm test does)`)
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
