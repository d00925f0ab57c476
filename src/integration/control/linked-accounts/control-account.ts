import { iso } from '../../../core/iso.js'
import { accountDetails } from '../../base/accounts/account-views.js'
import type { LinkedAccount } from '../../base/accounts/linked-account.js'
import type { ControlAccount } from './schemas.js'

/** A linked account as the control API shows it: its state, and its account token once it finished linking. */
export function controlAccount (account: LinkedAccount, origin: string): ControlAccount {
  const { is_duplicate: _duplicate, ...details } = accountDetails(account, origin)
  return {
    ...details,
    account_token: account.completedAt === null ? null : account.accountToken,
    created_at: iso(account.createdAt)
  }
}
