import { iso } from '../../../core/iso.js'
import { findIntegration } from '../catalogue/integrations.js'
import type { AccountDetails, AccountIntegration, LinkedAccountItem } from './schemas.js'
import type { LinkedAccount } from './linked-account.js'


/** Where the third party's own webhooks for this account would go; a unimock URL, like the real service's. */
export function webhookListenerUrl (account: LinkedAccount, origin: string): string {
  return `${origin}/api/integrations/webhook-listener/${account.webhookListenerKey}`
}

/** The account's integration as the account-token response shows it; null until linking completes. */
export function accountIntegration (account: LinkedAccount): AccountIntegration | null {
  if (account.integrationSlug === null) return null
  const known = findIntegration(account.integrationSlug)
  if (known !== undefined) {
    return { name: known.name, categories: [...known.categories], image: known.image, square_image: known.square_image, color: known.color, slug: known.slug }
  }
  // A slug stored by an older catalogue: keep answering with what was stored.
  return { name: account.integrationName ?? account.integrationSlug, categories: [account.category], image: null, square_image: null, color: '#000000', slug: account.integrationSlug }
}

/**
 * The linked account as GET account-details and every webhook's `linked_account` answer it, keys in that
 * order (webhook bodies are JSON.stringify'd and signed). The other shapes of a linked account derive from
 * it, so each field is written once.
 */
export function accountDetails (account: LinkedAccount, origin: string): AccountDetails {
  return {
    id: account.id,
    integration: account.integrationName,
    integration_slug: account.integrationSlug,
    category: account.category,
    end_user_origin_id: account.endUserOriginId,
    end_user_organization_name: account.endUserOrganizationName,
    end_user_email_address: account.endUserEmailAddress,
    status: account.status,
    webhook_listener_url: webhookListenerUrl(account, origin),
    is_duplicate: null,
    account_type: account.accountType,
    completed_at: iso(account.completedAt)
  }
}

/**
 * An item of GET linked-accounts (`AccountDetailsAndActions`): the integration as an object. The Node client's
 * serializer and the Python client's pydantic model both require `end_user_organization_name`,
 * `end_user_email_address` and `completed_at` here (the real service requires the end user's details on every
 * link token, so its accounts always have them). An account made without them (the control API allows it)
 * lists them as empty strings, and an INCOMPLETE account, which has not completed linking, lists the moment its
 * link attempt began as `completed_at` rather than a null both clients refuse.
 */
export function linkedAccountItem (account: LinkedAccount, origin: string): LinkedAccountItem {
  const { integration: _name, integration_slug: _slug, ...details } = accountDetails(account, origin)
  const integration = accountIntegration(account)
  return {
    ...details,
    end_user_organization_name: details.end_user_organization_name ?? '',
    end_user_email_address: details.end_user_email_address ?? '',
    completed_at: details.completed_at ?? iso(account.createdAt),
    status_detail: null,
    subdomain: null,
    integration: integration === null ? null : { ...integration, passthrough_available: false },
    integration_specific_fields: {}
  }
}
