import type { WebhookRepository } from './webhook-repository.js'
import type { WebhookStreams } from './streams.js'

export interface SignatureKey {
  readonly key: string
  readonly source: 'flag' | 'generated'
}

/**
 * The key a tenant's webhooks are signed with: --webhook-secret for every tenant, or one generated per
 * tenant on first use and kept in the database (so a restart keeps it).
 */
export class SignatureKeys {
  readonly #repo: WebhookRepository
  readonly #streams: WebhookStreams
  readonly #secret: string | undefined

  constructor (repo: WebhookRepository, streams: WebhookStreams, secret: string | undefined) {
    this.#repo = repo
    this.#streams = streams
    this.#secret = secret
  }

  of (tenantId: number): SignatureKey {
    if (this.#secret !== undefined) return { key: this.#secret, source: 'flag' }
    const stored = this.#repo.signatureKey(tenantId)
    if (stored !== undefined) return { key: stored, source: 'generated' }
    const bytes = this.#streams.random.fork(`webhook-key:${tenantId}`).bytes(32)
    this.#repo.addSignatureKey(tenantId, Buffer.from(bytes).toString('base64url'))
    return { key: this.#repo.signatureKey(tenantId)!, source: 'generated' }
  }
}
