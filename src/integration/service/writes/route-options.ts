import type { FastifyRequest } from 'fastify'
import type { DataSchemas } from '../../base/dialect/model-schemas.js'
import type { Batches } from './batches.js'
import type { Idempotency } from './idempotency.js'
import type { MetaBuilder } from './meta.js'
import type { WriteSchemas } from './schemas.js'
import type { WriteOperation } from './write-surface.js'
import type { WriteAccount, WriteService } from './write-service.js'

/** What the write routes and the /meta routes are handed. */
export interface WriteRouteOptions {
  readonly writes: WriteService
  readonly operations: readonly WriteOperation[]
  readonly schemas: WriteSchemas
  readonly dataSchemas: DataSchemas
  /** `auth.account`: resolves the tenant and the linked account, or answers 401/403 (relink needed). */
  readonly authenticate: (request: FastifyRequest) => Promise<void>
  readonly account: (request: FastifyRequest) => WriteAccount
  readonly meta: MetaBuilder
  readonly sleep: (ms: number) => Promise<void>
  readonly batches: Batches
  readonly idempotency: Idempotency
  readonly now: () => number
}
