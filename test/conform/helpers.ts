import { createServer as createHttp, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { ConformOptions } from '../../src/conform/conform.js'

/** The reference integrator, started by the kit with --app-command. */
export const REFERENCE = fileURLToPath(new URL('../../examples/reference-integrator/server.js', import.meta.url))

/** A port nothing listens on (taken and given back; fetch's blocked ports avoided by the OS's ephemeral range). */
export async function freePort (): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => { server.listen(0, '127.0.0.1', resolve) })
  const port = (server.address() as { port: number }).port
  await new Promise<void>((resolve) => { server.close(() => { resolve() }) })
  return port
}

/** A stand-in backend of a few lines: `answer` decides every reply (or never replies). */
export async function stubBackend (answer: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<{ url: string, close: () => Promise<void> }> {
  const server: Server = createHttp((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => { body += c.toString() })
    req.on('end', () => { answer(req, res, body) })
  })
  await new Promise<void>((resolve) => { server.listen(0, '127.0.0.1', resolve) })
  const port = (server.address() as { port: number }).port
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => { server.close(() => { resolve() }) })
    }
  }
}

/** The options every run of the kit against the reference takes, on a port of its own. */
export async function referenceOptions (variant?: string): Promise<{ appUrl: string, appPrefix: string, appHeaders: string[], appHeaders2: string[], appCommand: string }> {
  const env = variant === undefined ? '' : `REFERENCE_BROKEN=${variant} `
  return {
    appUrl: `http://127.0.0.1:${await freePort()}`,
    appPrefix: '/api/integrations',
    appHeaders: ['X-Demo-User: alice'],
    appHeaders2: ['X-Demo-User: bob'],
    appCommand: `${env}'${process.execPath}' '${REFERENCE}'`
  }
}

/** The Python reference integrator (standard library only), written from the spec and docs/conformance.md alone. */
export const PYTHON_REFERENCE = fileURLToPath(new URL('../../examples/reference-integrator-py/app.py', import.meta.url))
export const PYTHON_ROUTES = fileURLToPath(new URL('../../examples/reference-integrator-py/routes.json', import.meta.url))

export interface RunSettings {
  /** Extra environment of the backend, e.g. POLL_INTERVAL_MS=1000. */
  readonly env?: Readonly<Record<string, string>> | undefined
  /** --poll-interval, ms. */
  readonly pollIntervalMs?: number | undefined
  /** One user instead of two. */
  readonly oneUser?: boolean
}

const envText = (env: Readonly<Record<string, string>>): string => Object.entries(env).map(([k, v]) => `${k}=${v} `).join('')

/** A kit run against the Python reference: its route map, its one user, its poller. */
export async function pythonOptions (variant?: string, settings: RunSettings = {}): Promise<ConformOptions> {
  const env = { ...(variant === undefined ? {} : { BROKEN: variant }), ...settings.env }
  return {
    appUrl: `http://127.0.0.1:${await freePort()}`,
    routes: PYTHON_ROUTES,
    appHeaders: ['Authorization: Bearer demo-session-1'],
    appCommand: `${envText(env)}python3 '${PYTHON_REFERENCE}'`,
    ...(settings.pollIntervalMs === undefined ? {} : { pollIntervalMs: settings.pollIntervalMs })
  }
}

/** A kit run against the Node reference with settings: one user, the backend's environment, --poll-interval. */
export async function nodeOptions (variant?: string, settings: RunSettings = {}): Promise<ConformOptions> {
  const o = await referenceOptions(variant)
  return {
    ...o,
    appHeaders2: settings.oneUser === true ? [] : o.appHeaders2,
    appCommand: `${envText(settings.env ?? {})}${o.appCommand}`,
    ...(settings.pollIntervalMs === undefined ? {} : { pollIntervalMs: settings.pollIntervalMs })
  }
}
