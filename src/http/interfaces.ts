import { normalizeTarget } from './request-target.js'
import type { FastifyRequest } from 'fastify'
import type { AppError } from '../core/errors.js'

/**
 * unimock serves several interfaces from one server, and each speaks its own error dialect. An interface
 * claims URL prefixes and renders an AppError in its wire shape; `adapt` lets it re-map a generic error
 * (malformed JSON, failed validation) to the status its real counterpart uses on a given route.
 */
export interface WireError {
  readonly contentType: string
  readonly body: unknown
}

export interface HttpInterface {
  readonly name: string
  readonly prefixes: readonly string[]
  render(error: AppError): WireError
  adapt?(error: AppError, request: FastifyRequest): AppError
}

export const controlInterface: HttpInterface = {
  name: 'control',
  prefixes: ['/_unimock'],
  // RFC 9457 problem details, with unimock's own error code for programs.
  render: (error) => ({
    contentType: 'application/problem+json; charset=utf-8',
    body: { type: `urn:unimock:error:${error.code}`, title: error.title, status: error.status, detail: error.message, code: error.code }
  })
}

export class InterfaceRegistry {
  readonly #interfaces: HttpInterface[] = []

  add (iface: HttpInterface): void {
    this.#interfaces.push(iface)
  }

  /** The interface owning a URL (longest matching prefix wins); the control dialect for anything else. */
  forUrl (url: string): HttpInterface {
    const path = normalizeTarget(url).split('?', 1)[0]!
    let best: HttpInterface = controlInterface
    let bestLength = -1
    for (const iface of this.#interfaces) {
      for (const prefix of iface.prefixes) {
        const matches = path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : prefix + '/')
        if (matches && prefix.length > bestLength) { best = iface; bestLength = prefix.length }
      }
    }
    return best
  }
}
