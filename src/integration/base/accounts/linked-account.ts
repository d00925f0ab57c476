import type { Category } from '../catalogue/categories.js'
import type { AccountType } from '../tenants/tenant.js'

/** The real service's linked-account status enum. unimock sets IDLE on no transition; it is listed for filters. */
export const ACCOUNT_STATUSES = ['COMPLETE', 'INCOMPLETE', 'RELINK_NEEDED', 'IDLE'] as const
export type AccountStatus = typeof ACCOUNT_STATUSES[number]

export interface LinkedAccount {
  readonly id: string
  readonly tenantId: number
  readonly category: Category
  readonly endUserOriginId: string
  readonly endUserOrganizationName: string | null
  readonly endUserEmailAddress: string | null
  /** null until linking completes. */
  readonly integrationSlug: string | null
  readonly integrationName: string | null
  readonly status: AccountStatus
  readonly accountType: AccountType
  /** Permanent: the same value through relinks, until the account is deleted. */
  readonly accountToken: string
  readonly webhookListenerKey: string
  /** Epoch ms by the injected clock. */
  readonly createdAt: number
  /** When the account first finished linking; a relink keeps it. */
  readonly completedAt: number | null
}
