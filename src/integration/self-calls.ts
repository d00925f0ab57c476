import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context.js'
import type { ScenarioAnswer, ScenarioPort } from './control/scenarios/port.js'

/** scheme://host:port of this server once it listens (the configured one before): webhook_listener_url. */
export function serverOrigin (app: FastifyInstance, config: AppContext['config']): string {
  const address = app.server.address()
  if (address !== null && typeof address === 'object') {
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
    return `http://${host}:${address.port}`
  }
  return `http://${config.host}:${config.port}`
}

/** A scenario step's call, made through the app's own routes (app.inject). */
export function injectingPort (app: FastifyInstance): ScenarioPort {
  return {
    async call (c): Promise<ScenarioAnswer> {
      const headers: Record<string, string> = { authorization: c.authorization }
      if (c.accountToken !== undefined) headers['x-account-token'] = c.accountToken
      if (c.body !== undefined) headers['content-type'] = 'application/json'
      const res = await app.inject({ method: c.method, url: c.path, headers, ...(c.body === undefined ? {} : { payload: JSON.stringify(c.body) }) })
      const type = String(res.headers['content-type'] ?? '')
      let body: unknown = res.body
      if (type.includes('json') && res.body !== '') body = JSON.parse(res.body)
      return { status: res.statusCode, headers: res.headers, body }
    }
  }
}
