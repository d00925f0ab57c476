import type { FastifyRequest } from 'fastify'
import type { JournalKind } from '../../../http/route-facts.js'
import { cursorFingerprints } from './cursor-fingerprints.js'
import { fingerprint, personFingerprint } from '../../../core/fingerprint.js'

/**
 * The facets of what the client sent, by the kind its route declared: read from the parsed request, so they
 * are there however the request ended (refused by auth, a fault, a failed check in the handler), as the
 * report needs them (a page sent with changed filters is a finding whether or not it was answered).
 */

type Facets = Record<string, unknown>

const str = (value: unknown): string | undefined => typeof value === 'string' ? value : undefined
const field = (from: unknown, name: string): unknown => from !== null && typeof from === 'object' ? (from as Record<string, unknown>)[name] : undefined

function pageSizeOf (value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(n) ? n : undefined
}

/** page_size as asked (before any cap), the cursor sent, and the modified_* window. */
function pageRequest (request: FastifyRequest, facets: Facets): void {
  const query = request.query
  const size = pageSizeOf(field(query, 'page_size'))
  if (size !== undefined) facets.pageSize = size
  const cursor = str(field(query, 'cursor'))
  if (cursor !== undefined && cursor !== '') facets.cursor = cursorFingerprints.of(cursor)
  const after = str(field(query, 'modified_after'))
  const before = str(field(query, 'modified_before'))
  if (after !== undefined) facets.modifiedAfter = after
  if (before !== undefined) facets.modifiedBefore = before
}

function resync (request: FastifyRequest, facets: Facets): void {
  const type = field(request.body, 'sync_type')
  // No body (or no sync_type) is a FULL resync, as the service reads it.
  facets.syncType = type === undefined || type === null ? 'FULL' : String(type)
  const target = str(field(request.body, 'target'))
  if (target !== undefined) facets.target = target
}

function linkToken (request: FastifyRequest, facets: Facets): void {
  const body = request.body
  const origin = str(field(body, 'end_user_origin_id'))
  if (origin !== undefined) facets.endUserOriginId = origin
  const email = personFingerprint(str(field(body, 'end_user_email_address')))
  const organization = personFingerprint(str(field(body, 'end_user_organization_name')))
  if (email !== undefined) facets.endUserEmail = email
  if (organization !== undefined) facets.organization = organization
}

const publicToken = (from: (request: FastifyRequest) => unknown) => (request: FastifyRequest, facets: Facets): void => {
  const token = str(field(from(request), 'public_token'))
  if (token !== undefined) facets.publicToken = fingerprint(token)
}

/** Kinds whose requests carry facets of their own; the others are known by kind, model and category alone. */
export const REQUEST_FACETS: { readonly [K in JournalKind]?: (request: FastifyRequest, facets: Facets) => void } = {
  'list': pageRequest,
  'sync-status': pageRequest,
  'linked-accounts': pageRequest,
  'resync': resync,
  'link-token': linkToken,
  'account-token': publicToken((request) => request.params),
  'exchange': publicToken((request) => request.body)
}
