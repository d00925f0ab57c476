import { iso } from '../../core/iso.js'
import { findIntegration } from '../catalog/integrations.js'
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

export function linkedAccountItem (account: LinkedAccount, origin: string): LinkedAccountItem {
  const integration = accountIntegration(account)
  return {
    id: account.id,
    category: account.category,
    status: account.status,
    status_detail: null,
    end_user_origin_id: account.endUserOriginId,
    end_user_organization_name: account.endUserOrganizationName,
    end_user_email_address: account.endUserEmailAddress,
    subdomain: null,
    webhook_listener_url: webhookListenerUrl(account, origin),
    is_duplicate: null,
    integration: integration === null ? null : { ...integration, passthrough_available: false },
    account_type: account.accountType,
    completed_at: iso(account.completedAt),
    integration_specific_fields: {}
  }
}
