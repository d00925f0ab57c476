/** A webhook target was added: a tenant's finished syncs may now have a receiver waiting for them. */
export interface WebhookTargetAdded {
  readonly tenantId: number
  readonly at: number
}

/** A delivery was attempted (a POST to its target answered, failed or timed out) and its new state recorded. */
export interface WebhookDeliveryAttempted {
  readonly tenantId: number
  readonly deliveryId: string
  readonly linkedAccountId: string
  readonly event: string
  /** pending (a retry is due), delivered or failed. */
  readonly state: string
  readonly statusCode: number | null
  readonly at: number
}

/** The webhooks domain's entries in the event map (../domain-events.ts). */
export interface WebhookEvents {
  'webhook-target:added': WebhookTargetAdded
  'webhook-delivery:attempted': WebhookDeliveryAttempted
}
