import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** The built CLI as users run it (npm start and the bin: the launcher and its bundle; npm test builds first). */
export const entry = fileURLToPath(new URL('../../dist/src/launcher.js', import.meta.url))

export interface Started { url: string, stdout: () => string, stop: (signal: NodeJS.Signals) => Promise<number | null> }

export function start (args: string[]): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stderr.on('data', (c: Buffer) => { err += c.toString() })
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString()
      const m = /unimock listening on (http:\/\/\S+)/.exec(out)
      if (m !== null) {
        resolve({
          url: m[1]!,
          stdout: () => out,
          stop: (signal) => new Promise((done) => { child.once('exit', (code) => { done(code) }); child.kill(signal) })
        })
      }
    })
    child.once('exit', (code) => { reject(new Error(`exited ${String(code)} before listening: ${err}`)) })
  })
}

export function run (args: string[], env: Record<string, string> = {}): Promise<{ code: number | null, stdout: string, stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString() })
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString() })
    child.once('exit', (code) => { resolve({ code, stdout, stderr }) })
  })
}

