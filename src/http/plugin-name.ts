const DISPLAY_NAME = Symbol.for('fastify.display-name')

/**
 * A plugin with its name attached, as Fastify reads it. Without one, Fastify looks for the plugin among the
 * exports of every module in require.cache, twice per registration: cheap in the server's bundle, but in a
 * process that also loaded the official client or a test runner (thousands of modules) it was a tenth of
 * the CPU of building each app, for every startUnimock and every test's app.
 */
export function named<P extends object> (name: string, plugin: P): P {
  (plugin as Record<symbol, unknown>)[DISPLAY_NAME] = name
  return plugin
}
