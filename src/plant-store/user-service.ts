import type { Clock } from '../core/clock.js'
import { appError } from '../core/errors.js'
import type { Ids } from '../core/ids.js'
import { iso } from '../core/iso.js'
import type { PublicUser, UserRepository } from './user-repository.js'

export interface LoginResult {
  readonly token: string
  readonly expiresIn: number
  /** Epoch ms, by the app's clock. */
  readonly expiresAt: number
}

/**
 * Users and sessions. Like the reference servers, login checks no password (the seed's passwords are masked);
 * it only insists that both credentials are present. A session lasts `ttlSeconds` of the app's clock.
 */
export class UserService {
  readonly #repo: UserRepository
  readonly #clock: Clock
  readonly #ids: Ids
  readonly #ttlSeconds: number

  constructor (repo: UserRepository, clock: Clock, ids: Ids, ttlSeconds: number) {
    this.#repo = repo
    this.#clock = clock
    this.#ids = ids
    this.#ttlSeconds = ttlSeconds
  }

  get (username: string): PublicUser {
    const user = this.#repo.findByUsername(username)
    if (user === undefined) throw appError('USER_NOT_FOUND', { username })
    return user
  }

  login (username: string | undefined, password: string | undefined): LoginResult {
    if (username === undefined || username === '') throw appError('USER_BAD_LOGIN', { reason: 'username is missing' })
    if (password === undefined || password === '') throw appError('USER_BAD_LOGIN', { reason: 'password is missing' })
    const now = this.#clock.now()
    const expiresAt = now + this.#ttlSeconds * 1000
    const token = this.#ids.token(32)
    this.#repo.addSession(token, username, expiresAt, now)
    return { token, expiresIn: this.#ttlSeconds, expiresAt }
  }

  /** Ends the session of the presented token, if any: logging out twice, or without a token, still succeeds. */
  logout (authorization: string | undefined): void {
    const token = bearerToken(authorization)
    if (token !== undefined) this.#repo.endSession(token)
  }

  /** Throws PLANT_UNAUTHORIZED unless `authorization` is `Bearer <token>` of a session still running. */
  requireSession (authorization: string | undefined): void {
    if (authorization === undefined || authorization.trim() === '') throw unauthorized('The Authorization header is missing')
    const token = bearerToken(authorization)
    if (token === undefined) throw unauthorized('The Authorization header is not of the form "Bearer <token>"')
    const expiresAt = this.#repo.sessionExpiry(token)
    if (expiresAt === undefined) throw unauthorized('The bearer token is unknown or its session has ended')
    if (this.#clock.now() >= expiresAt) throw unauthorized(`The bearer token expired at ${iso(expiresAt)}`)
  }
}

function unauthorized (reason: string): Error {
  return appError('PLANT_UNAUTHORIZED', { reason }, { 'WWW-Authenticate': 'Bearer realm="unimock plant store"' })
}

function bearerToken (authorization: string | undefined): string | undefined {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '')
  return match?.[1]
}
