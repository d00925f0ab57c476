"""Deliberate mistakes, one at a time, for proving the conformance kit.

BROKEN=<name> switches on exactly one variant. Every place a variant changes
behaviour calls broken('name'); with BROKEN unset every call answers False and
the backend is the correct one.
"""

# name -> (the kit check it must fail, what it does wrong)
VARIANTS = {
    'cache-link-token': ('link.fresh-token', 'create-link-token answers the first link token it got for the record again'),
    'new-origin-id-per-retry': ('link.origin-id-reused', 'a retry of an incomplete link asks for a token with a new origin id'),
    'relink-active': ('link.active-rejected', 'create-link-token for an active record answers a token instead of 400'),
    'exchange-twice': ('exchange.once', 'exchanges the public token a second time'),
    'slug-as-name': ('exchange.integration-name', 'the exchange answers the slug as integration_name'),
    'no-token-check': ('exchange.missing-token', 'an exchange without public_token goes on to the service'),
    'exchange-without-pending': ('exchange.no-pending', 'an exchange without a pending record still calls the service and answers success'),
    'accept-bad-category': ('routes.open-statuses', 'an unknown category answers 200 with a link token'),
    'leak-account-token': ('secrets.not-exposed', 'the exchange answer carries the account token'),
    'failed-is-ready': ('readiness.sync-complete', 'a FAILED model counts as ready for sync_complete'),
    'last-sync-time-from-start': ('readiness.last-sync-time', 'last_sync_time is the latest last_sync_start'),
    'fetch-partial-initial': ('readiness.initial-fetch', 'during the initial sync fetches models whose result is PARTIALLY_SYNCED or FAILED'),
    'process-before-answer': ('webhook.processed', 'the webhook route fetches before it answers'),
    'ignore-signature': ('webhook.signature', 'webhook signatures are not verified'),
    'fetch-on-equal': ('webhook.replay', 'fetches when last_sync_finished equals the stored one (stored times kept)'),
    'fetch-when-older': ('webhook.stale', 'fetches when last_sync_finished is older than the stored one (stored times kept)'),
    'webhook-always-200': ('webhook.unknown-integration', 'a webhook for an unknown linked account answers 200'),
    'first-fetch-without-bound': ('incremental.first-fetch', 'the first fetch sends no modified_before'),
    'no-modified-before': ('incremental.window', 'later fetches send modified_after only'),
    'page-size-drift': ('incremental.pagination', 'pages after the first ask another page_size'),
    'first-page-only': ('incremental.pagination', 'never follows next'),
    'watermark-at-end': ('incremental.no-gaps', 'last_synced_at is taken when the fetch ends'),
    'ignore-401': ('relink.marks-error', 'a 401/403 from the service leaves the record active'),
    'relink-new-origin-id': ('relink.same-origin-id', 'relink-integration asks for a token with a new origin id'),
    'relink-stays-error': ('relink.reactivates', "after the relink's exchange the record stays in error"),
    'delete-local-first': ('delete.service-first', 'delete-integration removes the local record before the service call'),
    'ignore-retry-after': ('resilience.retry-after', 'a 429 is retried after the jitter delay, not Retry-After'),
    'retry-without-limit': ('resilience.backoff', 'retries 5 times instead of at most 3'),
    'no-polling-fetch': ('resilience.polling', 'the poller reads sync-status but never fetches'),
    'no-login-check': ('routes.login-required', 'relink-integration works without login'),
}

# The settings page's mistakes (the page checks, `--app-page`): listed apart, `app.py --page-variants`.
# The page reads the active one from its <meta name="page-variant"> (page/settings.js: broken('name')).
PAGE_VARIANTS = {
    'page-console-words': ('page.business-wording', 'the page logs "link token ready" to the browser console'),
    'page-token-on-load': ('page.fresh-token-per-click', 'the page asks for one link token when it loads and opens the widget with it on every click'),
    'page-open-at-once': ('page.opens-when-ready', 'the page calls openLink right after initialize, not in onReady'),
    'page-exit-keeps-busy': ('page.reset-on-exit', 'after onExit the control stays disabled, "Opening…"'),
    'page-error-keeps-busy': ('page.reset-on-error', 'after onError the control stays disabled, "Opening…"'),
    'page-double-send': ('page.exchange-on-success', 'onSuccess sends the public token to the exchange twice'),
    'page-category-name': ('page.exchange-on-success', 'the page shows "your accounting software", not the integration name the exchange answered'),
    'page-name-from-listing': ('page.exchange-on-success', 'after the exchange the page asks the connections listing again for the name (caught only when the route map names the listing)'),
    'page-reconnect-fresh-link': ('page.reconnect', 'the reconnect control asks create-link-token, not relink-integration'),
    'page-remove-at-once': ('page.delete', 'the remove control deletes without asking the user to confirm'),
    'page-connections-leak': ('page.no-secrets', "the page's connections route answers each record's account token"),
}

_active = None


def configure(name):
    """Switch on one variant ('' or None: none). Raises ValueError for an unknown name."""
    global _active
    if name and name not in VARIANTS and name not in PAGE_VARIANTS:
        raise ValueError(f'unknown BROKEN variant {name!r}; `python3 app.py --variants` and `--page-variants` list them')
    _active = name or None


def active():
    return _active


def broken(name):
    """True when variant `name` is the one switched on."""
    if name not in VARIANTS and name not in PAGE_VARIANTS:
        raise KeyError(f'broken({name!r}) names no variant')
    return _active == name


def active_page_variant():
    """The page's variant, for the page itself ('' when the active one is not a page variant)."""
    return _active if _active in PAGE_VARIANTS else ''


def descriptions(table=None):
    return {name: f'{desc} (fails {check})' for name, (check, desc) in (table or VARIANTS).items()}


def page_descriptions():
    return descriptions(PAGE_VARIANTS)
