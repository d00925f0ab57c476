import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { appError } from '../core/errors.js'
import { iso } from '../core/iso.js'
import type { UserService } from './user-service.js'
import { ApiError, type ListParam, LoggedOut, LoginQuery, LoginResult, User, UsernameParams } from './schemas.js'

export interface UserRoutesOptions {
  readonly users: UserService
}

const tags = ['user']

/** Reference value of X-Rate-Limit (swagger-petstore UserController): informational, nothing is limited. */
const RATE_LIMIT = '5000'

/** /v3/user routes. /user/auth/* are static paths, so they win over /user/:username. */
export const userRoutes: FastifyPluginAsync<UserRoutesOptions> = async (app, { users }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()

  r.get('/user/auth/login', {
    schema: {
      tags,
      operationId: 'loginUser',
      summary: 'Log in: any non-empty username and password get a session token',
      querystring: LoginQuery,
      response: { 200: LoginResult, 400: ApiError('Invalid username/password supplied') }
    }
  }, async (request, reply) => {
    const result = users.login(single('username', request.query.username), single('password', request.query.password))
    return reply
      .header('X-Rate-Limit', RATE_LIMIT)
      .header('X-Expires-After', iso(result.expiresAt))
      .send({ token: result.token, expiresIn: result.expiresIn })
  })

  r.get('/user/auth/logout', {
    schema: {
      tags,
      operationId: 'logoutUser',
      summary: 'End the session of the bearer token presented, if any',
      response: { 200: LoggedOut }
    }
  }, async (request) => {
    users.logout(request.headers.authorization)
    return { code: 200, message: 'User logged out' }
  })

  r.get('/user/:username', {
    schema: {
      tags,
      operationId: 'getUserByName',
      summary: 'Get a user by username',
      params: UsernameParams,
      response: { 200: User, 404: ApiError('User not found') }
    }
  }, async (request) => users.get(request.params.username))
}

function single (name: string, value: ListParam): string | undefined {
  if (Array.isArray(value)) throw appError('USER_BAD_LOGIN', { reason: `${name} is given more than once` })
  return value
}
