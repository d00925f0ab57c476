import { createHmac, timingSafeEqual } from 'node:crypto'
import { broken } from './broken.js'
import { describe } from './retries.js'
import { isCategory } from './service.js'

/**
 * POST {prefix}/webhook/{category}: the service's deliveries (spec: "Events", Authentication 4). No login: the
 * service calls it, and the signature is what proves the sender.
 */

/**
 * X-Merge-Webhook-Signature: HMAC-SHA256 of the raw body bytes, keyed with the webhook key, in base64url with
 * its '=' padding. Computed over the bytes as received: JSON parsed and serialised again would not match.
 */
export function verifySignature (key, rawBody, signature) {
  if (typeof signature !== 'string') return false
  const expected = createHmac('sha256', key).update(rawBody).digest('base64').replace(/\+/g, '-').replace(/\//g, '_')
  const given = Buffer.from(signature)
  const wanted = Buffer.from(expected)
  return given.length === wanted.length && timingSafeEqual(given, wanted)
}

/** What a sync event says finished: per model its last_sync_finished and result. */
function syncEntries (event, data) {
  if (event === 'LinkedAccount.sync_completed') {
    return Object.entries(data?.sync_status ?? {}).map(([modelId, s]) => ({
      modelId, lastSyncFinished: s?.last_sync_finished ?? null, result: s?.last_sync_result ?? null, isInitialSync: data.is_initial_sync === true
    }))
  }
  if (typeof event === 'string' && event.endsWith('.synced')) {
    const s = data?.sync_status ?? {}
    return [{ modelId: s.model_id ?? s.model, lastSyncFinished: s.last_sync_finished ?? null, result: s.last_sync_result ?? null, isInitialSync: s.is_initial_sync === true }]
  }
  return []
}

export function webhookRoutes (app, { store, syncer, webhookKey, design, log }) {
  // The raw bytes are needed for the signature: this scope parses JSON itself, after checking it.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  app.post('/webhook/:category', async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    const verified = broken('ignore-signature') || verifySignature(webhookKey, raw, request.headers['x-merge-webhook-signature'])
    // verify-later answers a bad delivery as any other and drops it (acting on it is the fault, not the status).
    if (!verified && design === 'verify-later') return { success: true, status: 'processed' }
    if (!verified) {
      return reply.code(401).send({ success: false, error: 'invalid signature' })
    }
    let payload
    try {
      payload = JSON.parse(raw.toString('utf8'))
    } catch {
      return reply.code(400).send({ success: false, error: 'the body is not JSON' })
    }
    const { category } = request.params
    const originId = payload?.linked_account?.end_user_origin_id
    const row = isCategory(category) && typeof originId === 'string' ? store.byOrigin(category, originId) : undefined
    if (row === undefined && !broken('webhook-always-200')) {
      return reply.code(404).send({ success: false, error: 'no integration matches this delivery' })
    }
    // ignore: this backend fetches only by polling; a delivery is acknowledged and left alone.
    const entries = row === undefined || design === 'ignore' ? [] : syncEntries(payload?.hook?.event, payload?.data)
    if (entries.length > 0) {
      // Answered at once (Events: processing is asynchronous); the fetch runs afterwards.
      const processing = syncer.onSyncEvent(row.id, entries).catch((error) => log(`webhook for integration ${row.id}: ${describe(error)}`))
      if (broken('process-before-answer')) await processing
    }
    return { success: true, status: 'processed' }
  })
}
