import { iso } from '../../../core/iso.js'
import type { ModelSyncFinished, ModelSyncStepped } from '../../background/sync/sync-events.js'
import type { WebhookAttempted } from '../../background/webhooks/webhook-events.js'

/** The part of the app's logger these lines use (pino drops a line below its level before writing it). */
export interface ActivityLogger {
  warn(obj: object, msg: string): void
  info(obj: object, msg: string): void
  debug(obj: object, msg: string): void
  /** pino's; a logger without it (Fastify's no-op one, `--log-level silent`) writes nothing. */
  isLevelEnabled?: (level: string) => boolean
}

/**
 * Log lines for the work that happens on the clock rather than in a request: sync runs and webhook
 * attempts: outcomes (a run finished, each delivery attempt) at info, a run's steps at debug, a delivery that
 * failed for good at warn (the default level: a receiver that never got its webhook is worth a line). Each line carries `simulatedTime`, the instant on
 * unimock's clock, beside the logger's own wall time: on a virtual clock the two are unrelated. No line
 * carries a token, a webhook body or signature, or a receiver URL's query or credentials.
 * The listeners are registered in compose.ts.
 */
export class ActivityLog {
  readonly #log: ActivityLogger

  constructor (log: ActivityLogger) {
    this.#log = log
  }

  // A simulated day is hundreds of thousands of events: a line below the level is not even built (its
  // timestamps and URL cost more than the rest of a webhook attempt's bookkeeping).
  #enabled (level: 'warn' | 'info' | 'debug'): boolean {
    return this.#log.isLevelEnabled?.(level) ?? false
  }

  syncStepped (e: ModelSyncStepped): void {
    if (!this.#enabled('debug')) return
    this.#log.debug({
      simulatedTime: iso(e.at),
      linkedAccount: e.account.id,
      model: e.modelName,
      kind: e.kind,
      pass: e.pass,
      passes: e.passes,
      outcome: e.outcome,
      endsAt: iso(e.ends)
    }, e.step === 'started' ? 'sync run started' : 'sync pass written')
  }

  syncFinished (e: ModelSyncFinished): void {
    if (!this.#enabled('info')) return
    this.#log.info({
      simulatedTime: iso(e.at),
      linkedAccount: e.account.id,
      model: e.state.modelName,
      status: e.state.status,
      result: e.state.lastSyncResult,
      initialSync: e.wasInitialSync,
      accountSyncCompleted: e.accountSyncCompleted,
      // A run that settled by itself is logged when it is next noticed, after its end.
      onTime: e.onTime
    }, 'sync run finished')
  }

  webhookAttempted (e: WebhookAttempted): void {
    if (!this.#enabled(e.state === 'failed' ? 'warn' : 'info')) return
    const line = {
      simulatedTime: iso(e.at),
      delivery: e.deliveryId,
      linkedAccount: e.linkedAccountId,
      event: e.event,
      target: e.targetId,
      url: safeUrl(e.url),
      attempt: e.attempt,
      statusCode: e.statusCode,
      error: e.error,
      durationMs: e.durationMs,
      state: e.state,
      retryAt: e.retryAt === null ? null : iso(e.retryAt)
    }
    // Every attempt is an outcome a receiver's owner wants to see, the ones that will be retried included.
    if (e.state === 'failed') this.#log.warn(line, 'webhook delivery failed')
    else this.#log.info(line, e.state === 'delivered' ? 'webhook delivered' : 'webhook attempt failed, retry scheduled')
  }
}

/** Origin and path only: a receiver URL may carry a secret in its query string or its credentials. */
export function safeUrl (url: string): string {
  try {
    const u = new URL(url)
    return `${u.origin}${u.pathname}`
  } catch {
    return '[unparsable url]'
  }
}
