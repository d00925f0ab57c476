import type { FastifyPluginAsync } from 'fastify'
import type { InterfaceRegistry } from '../../../http/interfaces.js'
import type { LinkWidgetPort } from '../link/widget-port.js'
import { widgetApiRoutes } from './api-routes.js'
import { demoBackendRoutes } from './demo-backend.js'
import { demoBackendInterface, widgetInterface } from './interfaces.js'
import { widgetPageRoutes } from './page-routes.js'
import { named } from '../../../http/plugin-name.js'

export interface WidgetOptions {
  /** What a link token may show and what completing it does; the link service implements it. */
  readonly port: LinkWidgetPort
  readonly interfaces: InterfaceRegistry
}

/**
 * The link widget, registered under a prefix (normally /link): the browser script, the iframe page and
 * its JSON endpoints, and the demo page with its stand-in integrator backend.
 */
export const widgetRoutes: FastifyPluginAsync<WidgetOptions> = async (app, { port, interfaces }) => {
  interfaces.add(widgetInterface(app.prefix))
  interfaces.add(demoBackendInterface(`${app.prefix}/demo/api`))
  await app.register(named('widgetPageRoutes', widgetPageRoutes))
  await app.register(named('widgetApiRoutes', widgetApiRoutes), { prefix: '/api', port })
  await app.register(named('demoBackendRoutes', demoBackendRoutes), { prefix: '/demo/api' })
}
