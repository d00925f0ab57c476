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

  add (token: string, options: Partial<FakeLink> = {}): void {
    this.links.set(token, { state: 'READY', category: 'hris', integrations: FAKE_INTEGRATIONS, organization: 'Acme', ...options })
  }

  view (linkToken: string): LinkSessionView | undefined {
    const link = this.links.get(linkToken)
    if (link === undefined) return undefined
    return { state: link.state, category: link.category, integrations: link.integrations, endUserOrganizationName: link.organization }
  }

  complete (linkToken: string, input: { readonly integration: string, readonly username?: string, readonly password?: string }): CompletionResult {
    this.calls.push(`complete ${linkToken} ${input.integration} ${input.password ?? ''}`)
    const link = this.links.get(linkToken)
    if (link === undefined || link.state !== 'READY') throw appError('LINK_WIDGET_UNKNOWN_LINK')
    if (input.password?.startsWith('error_') === true) {
      return { ok: false, errors: [{ detail: 'The username or password is incorrect.', problem_type: input.password.slice('error_'.length).toUpperCase() }] }
    }
    link.state = 'USED'
    return { ok: true, publicToken: `public-${++this.#published}`, integration: link.integrations.find((i) => i.slug === input.integration)! }
  }

  exit (linkToken: string): void {
    this.calls.push(`exit ${linkToken}`)
    const link = this.links.get(linkToken)
    if (link !== undefined) link.state = 'USED'
  }
}
