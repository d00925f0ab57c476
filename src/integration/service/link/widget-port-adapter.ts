import type { LinkService } from './link-service.js'
import type { LinkWidgetPort } from './widget-port.js'

/** The link widget's view of the link service: it knows link tokens only, never tenants or storage. */
export function createLinkWidgetPort (link: LinkService): LinkWidgetPort {
  return {
    view (linkToken) {
      const view = link.view(linkToken)
      if (view === undefined) return undefined
      return {
        state: view.state,
        category: view.account.category,
        integrations: view.integrations,
        endUserOrganizationName: view.account.endUserOrganizationName
      }
    },

    complete (linkToken, input) {
      const result = link.attempt(linkToken, { outcome: 'success', integration: input.integration, password: input.password })
      if (result.outcome === 'success') return { ok: true, publicToken: result.publicToken, integration: result.integration }
      if (result.outcome === 'error') return { ok: false, errors: result.errors }
      throw new Error('a success attempt cannot end in exit')
    },

    // Closing the modal after a success (or on a dead token) changes nothing: only a live token is spent.
    exit (linkToken) {
      if (link.view(linkToken)?.state !== 'READY') return
      link.attempt(linkToken, { outcome: 'exit' })
    }
  }
}
