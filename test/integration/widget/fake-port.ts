import { appError } from '../../../src/core/errors.js'
import type { CompletionResult, IntegrationInfo, LinkSessionView, LinkTokenState, LinkWidgetPort } from '../../../src/integration/service/link/widget-port.js'

export const FAKE_INTEGRATIONS: readonly IntegrationInfo[] = [
  { name: 'BambooHR', slug: 'bamboohr', categories: ['hris'], image: 'https://logos.example/bamboohr.png', square_image: 'https://logos.example/bamboohr-square.png', color: '#73C41D' },
  { name: 'Gusto', slug: 'gusto', categories: ['hris'], image: 'https://logos.example/gusto.png', square_image: 'https://logos.example/gusto-square.png', color: '#F45D48' }
]

interface FakeLink {
  state: LinkTokenState
  readonly category: string
  readonly integrations: readonly IntegrationInfo[]
  readonly organization: string | null
}

/**
 * A stand-in for the link service that keeps the port's contract in a few lines, so the widget's routes
 * can be tested on their own. `calls` records what the widget asked of the service.
 */
export class FakePort implements LinkWidgetPort {
  readonly links = new Map<string, FakeLink>()
  readonly calls: string[] = []
  #published = 0
  /** The token each session was handed out for: the widget acts on sessions, never on tokens. */
  readonly #tokens = new WeakMap<LinkSessionView, string>()

  add (token: string, options: Partial<FakeLink> = {}): void {
    this.links.set(token, { state: 'READY', category: 'hris', integrations: FAKE_INTEGRATIONS, organization: 'Acme', ...options })
  }

  view (linkToken: string): LinkSessionView | undefined {
    const link = this.links.get(linkToken)
    if (link === undefined) return undefined
    // Tenant 0 is no API key's: the journal keeps these calls where no one reads them.
    const facts = { state: link.state, account: { id: `account-of-${linkToken}`, tenantId: 0, status: 'INCOMPLETE', category: link.category } }
    const session = { state: link.state, category: link.category, integrations: link.integrations, endUserOrganizationName: link.organization, facts }
    this.#tokens.set(session, linkToken)
    return session
  }

  complete (session: LinkSessionView, input: { readonly integration: string, readonly username?: string, readonly password?: string }): CompletionResult {
    const linkToken = this.#tokens.get(session)
    this.calls.push(`complete ${linkToken} ${input.integration} ${input.password ?? ''}`)
    const link = linkToken === undefined ? undefined : this.links.get(linkToken)
    if (linkToken === undefined || link === undefined || link.state !== 'READY') throw appError('LINK_WIDGET_UNKNOWN_LINK')
    if (input.password?.startsWith('error_') === true) {
      return { ok: false, errors: [{ detail: 'The username or password is incorrect.', problem_type: input.password.slice('error_'.length).toUpperCase() }], session }
    }
    link.state = 'USED'
    return { ok: true, publicToken: `public-${++this.#published}`, integration: link.integrations.find((i) => i.slug === input.integration)!, session: this.view(linkToken)! }
  }

  exit (session: LinkSessionView): LinkSessionView {
    const linkToken = this.#tokens.get(session)
    this.calls.push(`exit ${linkToken}`)
    const link = linkToken === undefined ? undefined : this.links.get(linkToken)
    if (linkToken === undefined || link === undefined) return session
    link.state = 'USED'
    return this.view(linkToken)!
  }
}
