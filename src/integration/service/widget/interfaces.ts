import type { HttpInterface } from '../../../http/interfaces.js'

/**
 * The widget's pages and JSON endpoints answer errors as `{"detail": ...}`, the body the unified service
 * uses, so one client-side error path reads both.
 */
export function widgetInterface (prefix: string): HttpInterface {
  return {
    name: 'link-widget',
    prefixes: [prefix],
    render: (error) => ({ contentType: 'application/json; charset=utf-8', body: { detail: error.message } })
  }
}

/**
 * The demo's stand-in for an integrator backend answers like the spec's integrator routes:
 * `{"success": false, "error": ...}`.
 */
export function demoBackendInterface (prefix: string): HttpInterface {
  return {
    name: 'link-demo-backend',
    prefixes: [prefix],
    render: (error) => ({ contentType: 'application/json; charset=utf-8', body: { success: false, error: error.message } })
  }
}
