import type { IntegrationInfo } from '../../base/catalogue/integrations.js'
import type { LinkTokenState } from './link-token-state.js'

/**
 * The contract between the link widget (pages and scripts under /link, knowing nothing of storage) and
 * the link service (tokens and accounts). The widget only ever holds a link token; the service answers
 * what that token may show and what completing it does.
 */

export type { IntegrationInfo, LinkTokenState }

export interface LinkSessionView {
  readonly state: LinkTokenState
  readonly category: string
  /** Only the preselected integration when the link token named one. */
  readonly integrations: readonly IntegrationInfo[]
  readonly endUserOrganizationName: string | null
}

/** The real widget's onValidationError items. */
export interface ValidationProblem {
  readonly detail: string
  readonly problem_type: string
}

export type CompletionResult =
  | { readonly ok: true, readonly publicToken: string, readonly integration: IntegrationInfo }
  | { readonly ok: false, readonly errors: readonly ValidationProblem[] }

export interface LinkWidgetPort {
  /** undefined for a token that never existed. */
  view(linkToken: string): LinkSessionView | undefined
  /**
   * The user picked `integration` and entered credentials. A password of the form `error_<kind>`
   * (e.g. `error_invalid_credentials`) fails validation and leaves the account incomplete.
   * Throws an AppError when the token is unknown, used or expired.
   */
  complete(linkToken: string, input: { readonly integration: string, readonly username?: string, readonly password?: string }): CompletionResult
  /** The user closed the widget without finishing: the token is spent, the account stays incomplete. */
  exit(linkToken: string): void
}
