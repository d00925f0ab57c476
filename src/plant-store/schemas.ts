import { Type, type TSchema, type TUnsafe } from '@sinclair/typebox'
import { PLANT_STATUSES, type PlantStatus } from './plant-input.js'

/**
 * The plant store's wire schemas. Responses are serialized through them (fast-json-stringify writes a BigInt
 * `integer` exactly). Inputs are declared for the OpenAPI document but checked by the services, not by Ajv:
 * see `documented` below and the validator note in routes.ts.
 */

/**
 * An input schema that documents the wire format while the handler receives the raw value of type T. Used for
 * every /v3 input because Ajv cannot check int64 ids (a coerced "9223372036854775807" becomes a rounded number,
 * a BigInt fails `type: integer`) and because each plant route maps a bad input to its own status.
 */
function documented<T> (schema: TSchema): TUnsafe<T> {
  return Type.Unsafe<T>(JSON.parse(JSON.stringify(schema)) as Record<string, unknown>)
}

const Int64 = Type.Unsafe<bigint>({ type: 'integer', format: 'int64' })
const NullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] })
const StatusEnum = Type.Unsafe<PlantStatus>({ type: 'string', enum: [...PLANT_STATUSES] })

export const Plant = Type.Object({
  id: Int64,
  name: NullableString,
  status: Type.String({ description: 'available, pending or sold' }),
  tags: Type.Array(Type.String())
}, { description: 'the plant, always with all four keys', title: 'plant.Plant' })

export const PlantList = Type.Array(Plant, { description: 'matching plants, each once, by ascending id' })

export const PlantBody = documented<unknown>(Type.Object({
  id: Type.Optional(Type.Integer({
    format: 'int64',
    description: 'add: a positive id is honoured (replacing any plant holding it); absent, null or <= 0 takes the next id. ' +
      'update: required, positive'
  })),
  name: Type.Optional(Type.String()),
  category: Type.Optional(Type.Union([Type.String(), Type.Object({})], { description: 'stored, never returned' })),
  tags: Type.Optional(Type.Array(Type.String())),
  status: Type.Optional(Type.Unsafe<PlantStatus>({ ...StatusEnum, description: 'default available' }))
}))

export const PlantIdParams = documented<{ plantId: string }>(Type.Object({
  plantId: Type.Integer({ format: 'int64', description: 'a plant id; values up to 2^63-1 are exact' })
}))

export type ListParam = string | string[] | undefined

export const StatusQuery = documented<{ status?: ListParam }>(Type.Object({
  status: Type.Optional(Type.Array(StatusEnum, {
    default: ['available'],
    description: 'one or more of available, pending, sold; repeated (status=a&status=b) or comma-separated (status=a,b)'
  }))
}))

export const TagsQuery = documented<{ tags?: ListParam }>(Type.Object({
  tags: Type.Array(Type.String(), {
    minItems: 1,
    description: 'plants with ANY of these tags match; repeated (tags=a&tags=b) or comma-separated (tags=a,b)'
  })
}))

export const UsernameParams = documented<{ username: string }>(Type.Object({ username: Type.String() }))

export const LoginQuery = documented<{ username?: ListParam, password?: ListParam }>(Type.Object({
  username: Type.String({ minLength: 1 }),
  password: Type.String({ minLength: 1, description: 'any non-empty value: passwords are not checked' })
}))

export const User = Type.Object({
  id: Type.Integer({ format: 'int64' }),
  username: Type.String(),
  email: Type.String()
}, { description: 'the user (other stored fields, such as the password, are never returned)' })

export const LoginResult = Type.Object({
  token: Type.String({ description: 'send as Authorization: Bearer <token>' }),
  expiresIn: Type.Integer({ description: 'token lifetime in seconds' })
}, {
  description: 'a session token',
  headers: {
    'X-Rate-Limit': Type.Integer({ description: 'calls per hour allowed by the user' }),
    'X-Expires-After': Type.String({ format: 'date-time', description: 'when the token expires, UTC' })
  }
})

export const LoggedOut = Type.Object({ code: Type.Integer(), message: Type.String() }, { description: 'the session, if any, has ended' })

/** The plant store's error body, on every error of /v3; `description` names the case in the OpenAPI document. */
export const ApiError = (description: string) => Type.Object({
  code: Type.Integer({ description: 'the HTTP status' }),
  type: Type.String({ description: 'always "error"' }),
  message: Type.String()
}, { description })
