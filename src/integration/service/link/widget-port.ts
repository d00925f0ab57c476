import type { LinkTokenFacts } from '../../base/dialect/journal-recorder.js'
import type { IntegrationInfo } from '../../base/catalogue/integrations.js'
import type { LinkTokenState } from './link-token-state.js'

/**
 * The contract between the link widget (pages and scripts under /link, knowing nothing of storage) and
 * the link service (tokens and accounts). The widget only ever holds a link token; the service answers
 * what that token may show and what completing it does.
 */

export type { IntegrationInfo, LinkTokenState }

/** A link token as the port found it: a widget request looks its token up once and acts on this. */
export interface LinkSessionView {
  readonly state: LinkTokenState
  readonly category: string
  /** Only the preselected integration when the link token named one. */
  readonly integrations: readonly IntegrationInfo[]
  readonly endUserOrganizationName: string | null
  /** What the request journal shows of the token; the widget only hands it on. */
  readonly facts: LinkTokenFacts
}

/** The real widget's onValidationError items. */
export interface ValidationProblem {
  readonly detail: string
  readonly problem_type: string
}

/** Either way, `session` is the token as the completion left it. */
export type CompletionResult =
  | { readonly ok: true, readonly publicToken: string, readonly integration: IntegrationInfo, readonly session: LinkSessionView }
  | { readonly ok: false, readonly errors: readonly ValidationProblem[], readonly session: LinkSessionView }

export interface LinkWidgetPort {
  /** The one lookup of a link token; undefined for a token that never existed. */
  view(linkToken: string): LinkSessionView | undefined
  /**
   * The user picked `integration` and entered credentials, on a session `view` handed out. A password of
   * the form `error_<kind>` (e.g. `error_invalid_credentials`) fails validation and leaves the account
   * incomplete. Throws an AppError when the session is used or expired, or not one the port handed out.
   */
  complete(session: LinkSessionView, input: { readonly integration: string, readonly username?: string, readonly password?: string }): CompletionResult
  /** The user closed the widget without finishing: the token is spent, the account stays incomplete. Answers the session after. */
  exit(session: LinkSessionView): LinkSessionView
}
