import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, type WriteStream } from 'node:fs'
import type { Clock } from '../core/clock.js'

/**
 * The backend started with --app-command: a shell runs the command in a process group of its own, with the
 * kit's settings in its environment, and the whole group is stopped at the end (SIGTERM, then SIGKILL when
 * it has not exited within the grace period), so no server is left behind. Its output is kept (the last
 * lines) to say why it stopped when it exits early and under a failing check, and all of it in a log file.
 */

const TAIL_LINES = 15

export interface Exit {
  readonly code: number | null
  readonly signal: string | null
}

export class AppProcess {
  readonly #child: ChildProcess
  readonly #clock: Clock
  readonly #tail: string[] = []
  readonly #log: WriteStream
  #exit: Exit | undefined
  readonly #exited: Promise<Exit>
  /** Where all of its output is kept (--app-log). */
  readonly logFile: string

  private constructor (child: ChildProcess, clock: Clock, logFile: string) {
    this.#child = child
    this.#clock = clock
    this.logFile = logFile
    this.#log = createWriteStream(logFile)
    const keep = (chunk: Buffer): void => {
      this.#log.write(chunk)
      this.#tail.push(...chunk.toString('utf8').split('\n').filter((l) => l.trim() !== ''))
      this.#tail.splice(0, Math.max(0, this.#tail.length - TAIL_LINES))
    }
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    this.#exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => { this.#exit = { code, signal }; resolve(this.#exit) })
      child.once('error', (error) => { this.#tail.push(error.message); this.#exit = { code: null, signal: null }; resolve(this.#exit) })
    })
  }

  /** Starts the command; its output (stdout and stderr, as they come) goes to `logFile`. */
  static start (command: string, env: Readonly<Record<string, string>>, clock: Clock, logFile: string): AppProcess {
    const child = spawn(command, { shell: true, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
    return new AppProcess(child, clock, logFile)
  }

  /** Its last lines of output, up to `n`. */
  lastLines (n: number): string[] {
    return this.#tail.slice(-n)
  }

  /** Set once the process has exited. */
  get exit (): Exit | undefined { return this.#exit }

  /** Its last lines of output, for a message. */
  tail (): string {
    return this.#tail.join('\n')
  }

  describeExit (): string {
    const e = this.#exit
    if (e === undefined) return 'still running'
    const how = e.signal === null ? `exit status ${String(e.code)}` : `signal ${e.signal}`
    const out = this.tail()
    return `it exited (${how})${out === '' ? ' without output' : `; its last output:\n${out}`}`
  }

  /**
   * SIGTERM to the group, SIGKILL to what is left of it after `graceMs`; resolves once the group is gone (the
   * shell may exit before the server it started).
   */
  async stop (graceMs = 3000): Promise<void> {
    this.#signal('SIGTERM')
    const until = this.#clock.now() + graceMs
    while (this.#groupAlive() && this.#clock.now() < until) await this.#clock.sleep(20)
    if (this.#groupAlive()) this.#signal('SIGKILL')
    await this.#exited
    await new Promise<void>((resolve) => { this.#log.end(resolve) })
  }

  #groupAlive (): boolean {
    const pid = this.#child.pid
    if (pid === undefined) return false
    try {
      process.kill(-pid, 0)
      return true
    } catch {
      return false
    }
  }

  #signal (signal: NodeJS.Signals): void {
    const pid = this.#child.pid
    if (pid === undefined) return
    try {
      process.kill(-pid, signal)
    } catch {
      try { this.#child.kill(signal) } catch { /* gone already */ }
    }
  }
}
