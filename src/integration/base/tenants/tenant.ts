/**
 * A tenant is one API key: every linked account, token, event and piece of data of the unified service
 * belongs to exactly one, so parallel test suites sharing a server never see each other's objects.
 */
export type AccountType = 'TEST' | 'PRODUCTION'

export interface Tenant {
  readonly id: number
  /** Linked accounts made with a `test_` key are test accounts, as with the real service's test keys. */
  readonly accountType: AccountType
}

export function accountTypeOf (apiKey: string): AccountType {
  return apiKey.startsWith('test_') ? 'TEST' : 'PRODUCTION'
}
