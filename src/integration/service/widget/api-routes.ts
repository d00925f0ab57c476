import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { appError } from '../../../core/errors.js'
import { journaled } from '../../base/dialect/journal-recorder.js'
import { refuseUnlessReady } from '../link/link-token-state.js'
import type { IntegrationInfo, LinkSessionView, LinkWidgetPort } from '../link/widget-port.js'
import { systemLabel } from './wording.js'
import { ConnectBody, ConnectResult, ExitResult, LinkTokenQuery, Session, WidgetError } from './schemas.js'

export interface WidgetApiOptions {
  readonly port: LinkWidgetPort
}

const tags = ['link-widget']

function integration (info: IntegrationInfo): Session['integrations'][number] {
  return { name: info.name, slug: info.slug, categories: [...info.categories], color: info.color }
}

/** The request's one lookup of its link token, told to the journal as found (it does not look again). */
function viewOf (port: LinkWidgetPort, request: FastifyRequest, linkToken: string): LinkSessionView {
  const view = port.view(linkToken)
  request.journal.linkToken(view?.facts ?? null)
  if (view === undefined) throw appError('LINK_WIDGET_UNKNOWN_LINK')
  return view
}

/** A used or expired link can still be looked at (the widget shows why it cannot go on) but not acted on. */
function readyView (port: LinkWidgetPort, request: FastifyRequest, linkToken: string): LinkSessionView {
  const view = viewOf(port, request, linkToken)
  refuseUnlessReady(view.state)
  return view
}

/**
 * The JSON endpoints the widget page and initialize.js call. The link token is the only credential: it is
 * what the integrator handed to the browser, exactly as with the real widget.
 */
export const widgetApiRoutes: FastifyPluginAsync<WidgetApiOptions> = async (app, { port }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()

  // initialize.js runs on the integrator's page, another origin: it reads the session and reports an exit.
  // Both are simple CORS requests (GET, and POST without a body), so no preflight is needed.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Access-Control-Allow-Origin', '*')
    reply.header('Cache-Control', 'no-store')
  })

  r.get('/session', {
    config: journaled('widget-session', { linkToken: 'query' }),
    schema: {
      tags,
      summary: 'What a link token may show: its state, the category and the integrations on offer',
      querystring: LinkTokenQuery,
      response: { 200: Session, 400: WidgetError, 404: WidgetError }
    }
  }, async (request) => {
    const view = viewOf(port, request, request.query.link_token)
    return {
      state: view.state,
      category: view.category,
      system_label: systemLabel(view.category),
      organization_name: view.endUserOrganizationName,
      integrations: view.integrations.map(integration)
    }
  })

  r.post('/connect', {
    config: journaled('widget-connect', { linkToken: 'body' }),
    schema: {
      tags,
      summary: 'Submit the credentials for the chosen integration: a public token, or validation errors (password error_<kind>)',
      body: ConnectBody,
      response: { 200: ConnectResult, 400: WidgetError, 404: WidgetError }
    }
  }, async (request): Promise<ConnectResult> => {
    const { link_token: linkToken, integration: slug, username, password } = request.body
    const view = readyView(port, request, linkToken)
    if (!view.integrations.some((i) => i.slug === slug)) {
      throw appError('LINK_WIDGET_UNKNOWN_INTEGRATION', { integration: slug, allowed: view.integrations.map((i) => i.slug).join(', ') })
    }
    const result = port.complete(view, {
      integration: slug,
      ...(username === undefined ? {} : { username }),
      ...(password === undefined ? {} : { password })
    })
    request.journal.linkToken(result.session.facts)
    if (!result.ok) return { outcome: 'validation_error', errors: result.errors.map((e) => ({ detail: e.detail, problem_type: e.problem_type })) }
    return { outcome: 'success', public_token: result.publicToken, integration: integration(result.integration) }
  })

  r.post('/exit', {
    config: journaled('widget-exit', { linkToken: 'query' }),
    schema: {
      tags,
      summary: 'The end user closed the widget without finishing: the link token is spent, the account stays incomplete',
      querystring: LinkTokenQuery,
      response: { 200: ExitResult, 400: WidgetError, 404: WidgetError }
    }
  }, async (request) => {
    const after = port.exit(readyView(port, request, request.query.link_token))
    request.journal.linkToken(after.facts)
    return { state: after.state }
  })
}
