import type { Occurrence, Rule, WebhookAttempt } from '../report-input.js'

/** The spec's delivery timeout. */
export const WEBHOOK_TIMEOUT_MS = 30_000

const slow = (a: WebhookAttempt): boolean => a.durationMs > WEBHOOK_TIMEOUT_MS || (a.statusCode === null && a.error !== null && /timeout/i.test(a.error))
const failed = (a: WebhookAttempt): boolean => !slow(a) && (a.statusCode === null ? a.error !== null : a.statusCode < 200 || a.statusCode >= 300)

const byAttempt = (pick: (a: WebhookAttempt) => boolean) => (attempts: readonly WebhookAttempt[]): Occurrence[] =>
  attempts.filter(pick).map((a) => ({ requests: [], accounts: [a.accountId], deliveries: [a] }))

/** Webhook attempts the receiver answered with a status outside 2xx, or did not answer (connection failed). */
export const webhookNon2xx: Rule = {
  code: 'webhook_non_2xx',
  severity: 'error',
  title: 'Webhooks answered with a status other than 2xx',
  advice: 'Verify the signature, answer 200 at once and process the payload asynchronously; a failed delivery is retried at most twice (3 attempts in all), so keep polling sync-status as the backup.',
  find: (input) => byAttempt(failed)(input.webhookAttempts)
}

/** Webhook attempts answered after more than 30 seconds, or not within the delivery timeout at all. */
export const webhookSlow: Rule = {
  code: 'webhook_slow',
  severity: 'error',
  title: 'Webhooks answered slower than 30 seconds',
  advice: 'The delivery timeout is 30 seconds: answer 200 at once and do the work (fetching changed data) asynchronously.',
  find: (input) => byAttempt(slow)(input.webhookAttempts)
}
