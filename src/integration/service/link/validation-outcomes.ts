import type { IntegrationInfo, ValidationProblem } from './widget-port.js'

/**
 * Credentials an end user can type to make the third party reject the connection: a password
 * `error_<kind>` (or the control API's `{"outcome": "error", "error": "<kind>"}`) answers the widget's
 * onValidationError with one problem and leaves the account incomplete. Wording is business-only: it names
 * the end user's system, never unimock, tokens or APIs.
 */
export const VALIDATION_OUTCOMES: Readonly<Record<string, { readonly problemType: string, readonly detail: (system: string) => string }>> = {
  invalid_credentials: {
    problemType: 'INVALID_CREDENTIALS',
    detail: (s) => `${s} did not accept this username and password. Check them and try again.`
  },
  mfa_required: {
    problemType: 'MFA_REQUIRED',
    detail: (s) => `${s} asks this user for a second sign-in step. Sign in with a user that can connect without it.`
  },
  insufficient_permissions: {
    problemType: 'INSUFFICIENT_PERMISSIONS',
    detail: (s) => `This ${s} user lacks the administrator permissions needed to connect. Sign in as an administrator.`
  },
  account_locked: {
    problemType: 'ACCOUNT_LOCKED',
    detail: (s) => `This ${s} user is locked. Unlock it in ${s}, then try again.`
  },
  password_expired: {
    problemType: 'PASSWORD_EXPIRED',
    detail: (s) => `The password of this ${s} user has expired. Set a new one in ${s}, then try again.`
  }
}

export function validationProblems (kind: string, integration: IntegrationInfo): readonly ValidationProblem[] {
  const clean = kind.replace(/^error_/, '')
  // The kind comes from the request: only the table's own keys count (not toString, constructor, ...).
  const known = Object.hasOwn(VALIDATION_OUTCOMES, clean) ? VALIDATION_OUTCOMES[clean] : undefined
  if (known !== undefined) return [{ detail: known.detail(integration.name), problem_type: known.problemType }]
  const problemType = clean.toUpperCase().replace(/[^A-Z0-9_]/g, '_').slice(0, 64) || 'CONNECTION_REJECTED'
  return [{ detail: `${integration.name} rejected the connection. Check the details and try again.`, problem_type: problemType }]
}
