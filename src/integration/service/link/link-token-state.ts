import { appError } from '../../../core/errors.js'

/** READY: it may still be completed or closed; USED: a completion or an exit spent it; EXPIRED: unspent, past its expiry. */
export type LinkTokenState = 'READY' | 'USED' | 'EXPIRED'

/** What the state of a stored link token depends on. */
export interface JudgedLinkToken {
  readonly usedAt: number | null
  readonly expiresAt: number
}

/**
 * The one rule of a link token's state; everything that shows or acts on a token asks it here, so the widget,
 * the headless completion and the journal cannot disagree. `now` is the token's tenant's time. Spent wins
 * over expired: a token used in time still reads USED once its expiry has passed.
 */
export function linkTokenState (token: JudgedLinkToken, now: number): LinkTokenState {
  if (token.usedAt !== null) return 'USED'
  return now >= token.expiresAt ? 'EXPIRED' : 'READY'
}

/** A used or expired token can still be looked at, but acting on it answers why not. */
export function refuseUnlessReady (state: LinkTokenState): void {
  if (state === 'USED') throw appError('LINK_WIDGET_LINK_USED')
  if (state === 'EXPIRED') throw appError('LINK_WIDGET_LINK_EXPIRED')
}
