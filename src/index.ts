/** The package's public surface for users' own test suites. */
export { startUnimock, type StartOptions, type RunningUnimock } from './server.js'
export { buildApp, type AppDeps, type UnimockApp } from './app.js'
export { parseConfig, type Config, type ConfigInput } from './config.js'
export { SystemClock, type Clock } from './core/clock.js'
export { VirtualClock } from './core/virtual-clock.js'
/** What app.unified offers: the unified service's services and its domain events, to subscribe to from outside. */
export type { UnifiedService } from './integration/compose.js'
export type { DomainEvents } from './integration/domain-events.js'
/** The conformance kit: drives an integrator's backend through the service's rules and gives a verdict per check. */
export { conform, CHECKS, type ConformOptions, type ConformResult, type Verdict, type Outcome, type Evidence } from './conform/conform.js'
