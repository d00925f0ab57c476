/**
 * Deliberate mistakes, for proving that `unimock conform` notices them. Not part of an integration you would
 * copy: every use of `broken('...')` in this folder marks the one place where a variant departs from the
 * spec, and nothing else changes. Start the server with REFERENCE_BROKEN=<name> to switch one on.
 *
 * Each name is the broken variant of one check in docs/conformance.md.
 */
export const VARIANTS = {
  'cache-link-token': 'create-link-token answers the first link token it got for the record, not the one it just got',
  'new-origin-id-per-retry': 'a retry of an incomplete attempt gets a new end_user_origin_id',
  'relink-active': 'create-link-token for an active record answers a token instead of 400',
  'exchange-twice': 'the public token is exchanged a second time after the first exchange',
  'slug-as-name': 'exchange answers the integration slug as integration_name',
  'no-token-check': 'exchange without public_token goes on to the service (and answers its failure)',
  'accept-bad-category': 'create-link-token with an unknown category answers 200 success with a link token instead of 400',
  'exchange-without-pending': 'exchange goes on to the service without a record awaiting it, and answers success',
  'leak-account-token': 'the exchange answer carries the account token',
  'failed-is-ready': 'readiness counts a FAILED model as ready',
  'last-sync-time-from-start': 'last_sync_time is the latest last_sync_start, not last_sync_finished',
  'process-before-answer': 'the webhook route fetches before it answers',
  'ignore-signature': 'webhook signatures are not checked',
  'fetch-on-equal': 'a webhook whose last_sync_finished equals the stored one fetches again',
  'fetch-when-older': 'a webhook whose last_sync_finished is older than the stored one fetches',
  'webhook-always-200': 'the webhook route answers 200 for an unknown integration',
  'first-fetch-without-bound': 'the first fetch of a model sets no modified_before',
  'no-modified-before': 'later fetches set modified_after only',
  'page-size-drift': 'pages after the first ask for another page_size',
  'watermark-at-end': 'last_synced_at is taken when the fetch ends, not when it starts',
  'ignore-401': 'a 401 or 403 from the service leaves the record active',
  'relink-new-origin-id': 'relink-integration creates its link token with a new origin id',
  'relink-stays-error': 'a successful health check or relink exchange leaves the record in error',
  'delete-local-first': 'delete-integration deletes the local record before calling the service',
  'ignore-retry-after': 'a 429 is retried after the short backoff, not after Retry-After',
  'retry-without-limit': '5xx and network errors are retried 5 times, over the limit of 3',
  'no-polling-fetch': 'check-sync-status and the background poll never fetch (webhooks are the only trigger)',
  'no-login-check': 'relink-integration works without a logged-in user (the integration found by its id alone)',
  'fetch-partial-initial': 'during the initial sync, models whose sync ended PARTIALLY_SYNCED or FAILED are fetched',
  'first-page-only': 'a fetch stops at its first page: next is never followed'
}

/**
 * The page's deliberate mistakes (public/page.js, page-routes.js), each the broken variant of one page check
 * (`unimock conform --app-page`); apart from VARIANTS, which the backend-only kit runs.
 */
export const PAGE_VARIANTS = {
  'page-service-name': 'the connect button names the service: "Connect with Merge"',
  'page-cached-token': 'the page keeps its first link token and opens the widget with it on later clicks',
  'page-open-before-ready': 'the page calls openLink right after initialize, before onReady',
  'page-no-reset-on-exit': 'onExit leaves the button disabled and labelled "Connecting…"',
  'page-no-reset-on-error': 'onError leaves the button disabled and labelled "Connecting…"',
  'page-connected-without-name': 'after the exchange the page shows "your HR system", not the integration_name it answered',
  'page-api-key-in-page': 'the server hands the API key to the page in its config script',
  'page-name-refetched': 'after the exchange the page asks the backend\'s listing for the name instead of using the exchange\'s answer',
  'page-reconnect-creates': 'the reconnect button asks create-link-token (the backend relinks anyway), not relink-integration',
  'page-delete-without-confirm': 'Disconnect removes the connection without asking the end user to confirm'
}

const known = (name) => Object.hasOwn(VARIANTS, name) || Object.hasOwn(PAGE_VARIANTS, name)

/**
 * What the kit must be told to judge a variant: no-polling-fetch is seen only by waiting for the backend's own
 * poll, so it runs with a poll every second and the kit told so.
 */
export const KIT_OPTIONS = {
  'no-polling-fetch': { env: { POLL_INTERVAL_MS: '1000' }, pollInterval: '1s' }
}

let active = null

/** Sets the variant from REFERENCE_BROKEN; an unknown name is a mistake worth stopping for. */
export function setBroken (name) {
  if (name === undefined || name === '') {
    active = null
    return
  }
  if (!known(name)) {
    throw new Error(`REFERENCE_BROKEN=${name} is not a variant; one of: ${[...Object.keys(VARIANTS), ...Object.keys(PAGE_VARIANTS)].join(', ')}`)
  }
  active = name
}

/** Whether the deliberate mistake `name` is switched on. */
export function broken (name) {
  if (!known(name)) throw new Error(`no broken variant ${name}`)
  return active === name
}

/** The variant switched on, or null: what the page is told (its mistakes are made in the browser). */
export function activeVariant () {
  return active
}
