import { appError } from '../../../core/errors.js'
import { CATEGORIES, isCategory } from '../catalogue/categories.js'
import type { AccountFilter } from './account-repository.js'
import { ACCOUNT_STATUSES, type AccountStatus } from './linked-account.js'

/** GET linked-accounts' query, with the real service's filters. */
export interface AccountListQuery {
  readonly category?: string
  readonly cursor?: string
  readonly end_user_email_address?: string
  readonly end_user_organization_name?: string
  readonly end_user_origin_id?: string
  readonly end_user_origin_ids?: string
  readonly id?: string
  readonly ids?: string
  readonly integration_name?: string
  readonly is_test_account?: string
  readonly page_size?: number
  readonly status?: string
}

const splitList = (value: string): string[] => value.split(',').map((v) => v.trim()).filter((v) => v !== '')

/** The repository's filter for a list query: 400 for a status or category the service does not have. */
export function toFilter (query: AccountListQuery): AccountFilter {
  if (query.status !== undefined && !(ACCOUNT_STATUSES as readonly string[]).includes(query.status)) {
    throw appError('ACCOUNT_LIST_BAD_FILTER', { param: 'status', reason: `"${query.status}" is not one of ${ACCOUNT_STATUSES.join(', ')}` })
  }
  if (query.category !== undefined && !isCategory(query.category)) {
    throw appError('ACCOUNT_LIST_BAD_FILTER', { param: 'category', reason: `"${query.category}" is not one of ${CATEGORIES.join(', ')}` })
  }
  // Each given parameter narrows the list (id and ids both given: an account must match both).
  const ids = narrow(query.id, query.ids)
  const originIds = narrow(query.end_user_origin_id, query.end_user_origin_ids)
  // "If included, will only include test linked accounts. If not included, will only include non-test
  // linked accounts." (the real parameter's documentation). `false` and `0` read as an explicit no.
  const testFlag = query.is_test_account
  const wantsTest = testFlag !== undefined && !/^(false|0)$/i.test(testFlag.trim())
  return {
    category: query.category,
    status: query.status as AccountStatus | undefined,
    ids,
    originIds,
    emailAddress: query.end_user_email_address,
    organizationName: query.end_user_organization_name,
    integrationName: query.integration_name,
    accountType: wantsTest ? 'TEST' : 'PRODUCTION'
  }
}

/** One value and a comma-separated list of the same filter; an empty list is no filter. */
function narrow (one: string | undefined, list: string | undefined): string[] | undefined {
  const many = list === undefined ? [] : splitList(list)
  if (one === undefined) return many.length > 0 ? many : undefined
  if (many.length === 0) return [one]
  return many.includes(one) ? [one] : []
}
