import { ConfigSchema, durationMs } from '../../../../config.js'
import { DEFAULT_RETRY_POLICY } from '../../../background/webhooks/retry-policy.js'
import type { Occurrence, Rule, WebhookAttempt } from '../report-input.js'

/**
 * The spec's delivery timeout, which --webhook-timeout's default follows: read from there so the rule and its
 * words cannot part from what the sender does by default. A server set to another timeout is still judged by
 * the spec's (its own timeouts count through the attempt's error).
 */
export const WEBHOOK_TIMEOUT_MS = durationMs(ConfigSchema.properties.webhookTimeout.default as string)

const timeoutWords = `${WEBHOOK_TIMEOUT_MS / 1000} seconds`
const retries = DEFAULT_RETRY_POLICY.maxAttempts - 1
const retryWords = retries === 1 ? 'once' : retries === 2 ? 'twice' : `${retries} times`

const slow = (a: WebhookAttempt): boolean => a.durationMs > WEBHOOK_TIMEOUT_MS || (a.statusCode === null && a.error !== null && /timeout/i.test(a.error))
const failed = (a: WebhookAttempt): boolean => !slow(a) && (a.statusCode === null ? a.error !== null : a.statusCode < 200 || a.statusCode >= 300)

const byAttempt = (pick: (a: WebhookAttempt) => boolean) => (attempts: readonly WebhookAttempt[]): Occurrence[] =>
  attempts.filter(pick).map((a) => ({ requests: [], accounts: [a.accountId], deliveries: [a] }))

/** Webhook attempts the receiver answered with a status outside 2xx, or did not answer (connection failed). */
export const webhookNon2xx: Rule = {
  code: 'webhook_non_2xx',
  severity: 'error',
  title: 'Webhooks answered with a status other than 2xx',
  // The retry count is the dispatcher's own policy, so the advice cannot promise more retries than it makes.
  advice: `Verify the signature, answer 200 at once and process the payload asynchronously; a failed delivery is retried at most ${retryWords} (${DEFAULT_RETRY_POLICY.maxAttempts} attempts in all), so keep polling sync-status as the backup.`,
  find: (input) => byAttempt(failed)(input.webhookAttempts)
}

/** Webhook attempts answered after more than the spec's timeout, or not within the server's timeout at all. */
export const webhookSlow: Rule = {
  code: 'webhook_slow',
  severity: 'error',
  title: `Webhooks answered slower than ${timeoutWords}`,
  advice: `The delivery timeout is ${timeoutWords}: answer 200 at once and do the work (fetching changed data) asynchronously.`,
  find: (input) => byAttempt(slow)(input.webhookAttempts)
}
