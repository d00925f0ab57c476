import { createRequire } from 'node:module'

/**
 * undici, loaded when first needed: it is a tenth of the start-up time and only webhook deliveries use it.
 * A plain require rather than `import()`: the CLI bundle runs inside a vm.Script (see code-cache.ts), where
 * a dynamic import would need a loader of its own.
 */
export function loadUndici (): typeof import('undici') {
  // Kept: a delivery asks for it per POST, and createRequire plus a require's resolution cost about 30 µs.
  loaded ??= createRequire(import.meta.url)('undici') as typeof import('undici')
  return loaded
}

let loaded: typeof import('undici') | undefined
