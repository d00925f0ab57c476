/**
 * The kit could not run at all (exit status 2): the backend unreachable, its routes missing or answering
 * something other than JSON, a setting wrong, unimock not starting. The message names what the kit expected
 * and what it got, in one line.
 */
export class KitError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'KitError'
  }
}

/**
 * The backend misbehaved in a way one check (or a family of checks) cannot get past: no answer in time, an
 * answer that is not JSON. The checks it stops fail with this message; the others go on.
 */
export class BackendFault extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'BackendFault'
  }
}

/** A bounded wait ran out. */
export class WaitExpired extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'WaitExpired'
  }
}
