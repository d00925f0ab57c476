import { appError } from '../../../core/errors.js'
import type { LinkService, LinkTokenView } from './link-service.js'
import type { LinkSessionView, LinkWidgetPort } from './widget-port.js'

/** The link widget's view of the link service: it knows link tokens only, never tenants or storage. */
export function createLinkWidgetPort (link: LinkService): LinkWidgetPort {
  // What each session handed out was found as: acting on it needs no second lookup, and a session the
  // port never handed out (a copy, a forgery) stands for no token.
  const found = new WeakMap<LinkSessionView, LinkTokenView>()
  const session = (view: LinkTokenView): LinkSessionView => {
    const s = { state: view.state, category: view.account.category, integrations: view.integrations, endUserOrganizationName: view.account.endUserOrganizationName, facts: view }
    found.set(s, view)
    return s
  }
  const foundAs = (s: LinkSessionView): LinkTokenView => {
    const view = found.get(s)
    if (view === undefined) throw appError('LINK_WIDGET_UNKNOWN_LINK')
    return view
  }

  return {
    view (linkToken) {
      const view = link.view(linkToken)
      return view === undefined ? undefined : session(view)
    },

    complete (s, input) {
      const result = link.attempt(foundAs(s), { outcome: 'success', integration: input.integration, password: input.password })
      if (result.outcome === 'success') return { ok: true, publicToken: result.publicToken, integration: result.integration, session: session(result.view) }
      if (result.outcome === 'error') return { ok: false, errors: result.errors, session: session(result.view) }
      throw new Error('a success attempt cannot end in exit')
    },

    // Closing the modal after a success (or on a dead or unknown token) changes nothing: only a live token is spent.
    exit (s) {
      const view = found.get(s)
      if (view?.state !== 'READY') return s
      return session(link.attempt(view, { outcome: 'exit' }).view)
    }
  }
}
