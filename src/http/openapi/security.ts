/**
 * The credentials routes take, as the OpenAPI document states them. A route's authentication hook carries
 * its requirement (declareSecurity, called where the hook is made), so the document reads it from the route
 * instead of guessing from paths; a route may also state `security` in its schema.
 */

export type SecurityRequirement = Readonly<Record<string, readonly string[]>>

export const SECURITY_SCHEMES = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'The unified service\'s API key: `Authorization: Bearer <API key>`. Any key works unless --api-key ' +
      'names the accepted ones; each key is its own tenant, and keys starting test_ make test accounts.'
  },
  accountToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Account-Token',
    description: 'The linked account\'s account token, from the public-token exchange, beside the API key.'
  },
  plantToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'A plant store login token (GET /v3/user/auth/login); needed only with --plant-auth required.'
  }
} as const

const declared = new WeakMap<object, readonly SecurityRequirement[]>()

/** Marks an authentication hook with what it requires; returns the hook. */
export function declareSecurity<T extends object> (hook: T, requirements: readonly SecurityRequirement[]): T {
  declared.set(hook, requirements)
  return hook
}

/** A hook that wraps another (a parametric route's) requires what the wrapped one does; returns the wrapper. */
export function securityOfWrapped<T extends object> (wrapper: T, hook: object): T {
  const requirements = declared.get(hook)
  if (requirements !== undefined) declared.set(wrapper, requirements)
  return wrapper
}

/** What a route requires: its schema's `security`, else its hooks' declarations, else nothing (public). */
export function securityOf (route: { readonly schema?: unknown, readonly onRequest?: unknown, readonly preHandler?: unknown }): readonly SecurityRequirement[] {
  const stated = (route.schema as { security?: SecurityRequirement[] } | undefined)?.security
  if (stated !== undefined) return stated
  for (const hooks of [route.onRequest, route.preHandler]) {
    for (const hook of Array.isArray(hooks) ? hooks : [hooks]) {
      const requirements = typeof hook === 'function' ? declared.get(hook) : undefined
      if (requirements !== undefined) return requirements
    }
  }
  return []
}
