/** A webhook target was added: a tenant's finished syncs may now have a receiver waiting for them. */
export interface WebhookTargetAdded {
  readonly tenantId: number
  readonly at: number
}

/** An attempt to deliver a webhook was answered (or failed), and the retry policy decided what follows. */
export interface WebhookAttempted {
  readonly deliveryId: string
  readonly tenantId: number
  readonly linkedAccountId: string
  readonly targetId: string
  /** The receiver's URL; it may carry a secret in its query or credentials (loggers drop them). */
  readonly url: string
  readonly event: string
  /** 1 for the first attempt. */
  readonly attempt: number
  readonly statusCode: number | null
  readonly error: string | null
  readonly durationMs: number
  /** What follows: delivered, failed for good, or pending again until `retryAt`. */
  readonly state: 'delivered' | 'failed' | 'pending'
  readonly retryAt: number | null
  /** When the attempt started. */
  readonly at: number
}

/** The webhooks domain's entries in the event map (integration/domain-events.ts). */
export interface WebhookEvents {
  'webhook-target:added': WebhookTargetAdded
  'webhook:attempted': WebhookAttempted
}
