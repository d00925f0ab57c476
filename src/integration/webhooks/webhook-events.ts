/** A webhook target was added: a tenant's finished syncs may now have a receiver waiting for them. */
export interface WebhookTargetAdded {
  readonly tenantId: number
  readonly at: number
}

/** The webhooks domain's entries in the event map (../domain-events.ts). */
export interface WebhookEvents {
  'webhook-target:added': WebhookTargetAdded
}
