import type { Clock } from '../core/clock.js'
import type { Backend, User } from './backend.js'
import type { Journal } from './journal.js'
import type { LinkFlows } from './link-flow.js'
import type { Marks } from './marks.js'
import type { World } from './world.js'

/** What every family of checks works with: the kit's unimock, its journal, the backend, the users, the link flows. */
export interface Kit {
  readonly clock: Clock
  readonly world: World
  readonly journal: Journal
  readonly backend: Backend
  readonly users: readonly User[]
  readonly links: LinkFlows
  /** The backend's webhook route of a category (the route map's, {app_url}{app_prefix}/webhook/{category} by default): the category's target. */
  readonly webhookUrl: (category: string) => string
  /** The marks of the deliveries the kit makes up: evidence by content. */
  readonly marks: Marks
  /** How often the backend polls by itself (--poll-interval), ms; undefined when not told. */
  readonly pollMs: number | undefined
}
