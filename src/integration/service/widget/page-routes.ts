import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { initializeScript } from './assets/initialize-script.js'
import { widgetPage } from './assets/widget-page.js'
import { widgetScript } from './assets/widget-script.js'
import { demoPage, demoScript } from './assets/demo-page.js'
import { markSvg } from './assets/mark.js'
import { snippetsMarkdown } from './assets/snippets.js'
import { servedOrigin } from './served-origin.js'
import { systemLabel } from './wording.js'
import { DemoQuery, MarkQuery, WidgetError, WidgetPageQuery, textBody } from './schemas.js'

const tags = ['link-widget']
const JS = 'application/javascript; charset=utf-8'
const HTML = 'text/html; charset=utf-8'
const DEFAULT_URL = 'http://127.0.0.1:4010'

/** The widget's script, its iframe page and the demo page: text assets compiled into the package. */
export const widgetPageRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()

  // The script carries the origin it was requested at: the official libraries load it from Merge's CDN URL,
  // so its own URL may not lead back here.
  r.get('/initialize.js', {
    schema: { tags, summary: 'The widget script: defines window.MergeLink (initialize, openLink, update, closeLink)', response: { 200: textBody('application/javascript', 'script') } }
  }, async (request, reply) => {
    const script = initializeScript({ origin: servedOrigin(request), path: `${app.prefix}/` })
    return reply.type(JS).header('Cache-Control', 'no-cache').header('Access-Control-Allow-Origin', '*').send(script)
  })

  r.get('/mark.svg', {
    schema: {
      tags,
      summary: 'An integration\'s mark, drawn here (initials on the brand colour) so the widget loads nothing from off the machine',
      querystring: MarkQuery,
      response: { 200: textBody('image/svg+xml', 'the mark'), 400: WidgetError }
    }
  }, async (request, reply) => reply.type('image/svg+xml; charset=utf-8')
    .header('Cache-Control', 'public, max-age=86400')
    .header('Content-Security-Policy', "default-src 'none'")
    .header('X-Content-Type-Options', 'nosniff')
    .send(markSvg(request.query.name, request.query.color)))

  r.get('/snippets', {
    schema: {
      tags,
      summary: 'How to use the widget with the official React hook, the Vue component or a plain script, written for this server\'s URL',
      response: { 200: textBody('text/markdown', 'the snippets') }
    }
  }, async (request, reply) => reply.type('text/markdown; charset=utf-8').header('Cache-Control', 'no-store')
    .send(snippetsMarkdown(servedOrigin(request) ?? DEFAULT_URL, app.prefix)))

  r.get('/widget', {
    schema: {
      tags,
      summary: 'The page openLink shows in its iframe',
      querystring: WidgetPageQuery,
      response: { 200: textBody('text/html', 'the widget page'), 400: WidgetError }
    }
  }, async (_request, reply) => reply.type(HTML).header('Cache-Control', 'no-store').send(widgetPage))

  // A Magic Link opens the same flow in its own tab instead of the integrator's iframe.
  r.get('/magic', {
    schema: {
      tags,
      summary: 'The link flow as a standalone page (the link token\'s magic_link_url)',
      querystring: WidgetPageQuery,
      response: { 200: textBody('text/html', 'the widget page'), 400: WidgetError }
    }
  }, async (_request, reply) => reply.type(HTML).header('Cache-Control', 'no-store').send(widgetPage))

  r.get('/widget.js', {
    schema: { tags, summary: 'The widget page\'s script', response: { 200: textBody('application/javascript', 'script') } }
  }, async (_request, reply) => reply.type(JS).header('Cache-Control', 'no-cache').send(widgetScript))

  r.get('/demo', {
    schema: {
      tags,
      summary: 'A demo page that runs the whole link flow in a browser',
      querystring: DemoQuery,
      response: { 200: textBody('text/html', 'the demo page'), 400: WidgetError }
    }
  }, async (request, reply) => {
    const q = request.query
    const page = demoPage({
      api_key: q.api_key,
      category: q.category,
      end_user_origin_id: q.end_user_origin_id,
      integration: q.integration ?? null,
      link_token: q.link_token ?? null,
      system_label: systemLabel(q.category)
    })
    return reply.type(HTML).header('Cache-Control', 'no-store').send(page)
  })

  r.get('/demo.js', {
    schema: { tags, summary: 'The demo page\'s script', response: { 200: textBody('application/javascript', 'script') } }
  }, async (_request, reply) => reply.type(JS).header('Cache-Control', 'no-cache').send(demoScript))
}
