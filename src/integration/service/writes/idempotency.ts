import { createHash } from 'node:crypto'
import type { BatchRepository } from './batch-repository.js'
import type { WriteAccount, WriteAnswer } from './write-service.js'

/** How long an Idempotency-Key replays its first answer (the facts: 24 h). */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000

/**
 * Idempotency-Key on writes: within 24 h, the same key with the same request (method, path, query and body)
 * replays the first answer without writing again; the same key with a different request is refused with 400.
 * Keys are per linked account. Answers of 5xx are not kept, so a retry runs again.
 */
export class Idempotency {
  readonly #repo: BatchRepository

  constructor (repo: BatchRepository) {
    this.#repo = repo
  }

  /** Runs `write` once per key; `replayed` tells the journal and the report that the answer was a replay. */
  run (account: WriteAccount, key: string, request: string, now: number, write: () => WriteAnswer): WriteAnswer & { replayed?: boolean, conflict?: boolean } {
    const hash = createHash('sha256').update(request).digest('hex')
    const stored = this.#repo.answer(account.tenantId, account.id, key)
    if (stored !== undefined && stored.expiresAt > now) {
      if (stored.requestHash !== hash) {
        return { status: 400, body: { detail: `Idempotency-Key "${key.slice(0, 100)}" was used within the last 24 hours for a different request; use a new key for a new request.` }, conflict: true }
      }
      return { status: stored.status, body: stored.body === null ? undefined : JSON.parse(stored.body) as Record<string, unknown>, replayed: true }
    }
    const answer = write()
    if (answer.status < 500) {
      this.#repo.putAnswer(account.tenantId, account.id, key, { requestHash: hash, status: answer.status, body: answer.body === undefined ? null : JSON.stringify(answer.body), expiresAt: now + IDEMPOTENCY_TTL_MS })
    }
    return answer
  }
}
