"""Readiness and incremental retrieval: the one place that decides whether a
model is fetched and how. The webhook worker and the poller both call consider()."""
import urllib.parse

from broken import broken
from service import AuthError
from timestamps import compare, latest, now_iso

PAGE_SIZE = 100

# the models this backend keeps, per category: model_id -> list path
KEPT_MODELS = {
    'hris': {'hris.Employee': 'employees', 'hris.Company': 'companies'},
    'ats': {'ats.Candidate': 'candidates'},
    'crm': {'crm.Contact': 'contacts'},
    'accounting': {'accounting.Invoice': 'invoices'},
    'ticketing': {'ticketing.Ticket': 'tickets'},
    'filestorage': {'filestorage.File': 'files'},
    'knowledgebase': {'knowledgebase.Article': 'articles'},
}
CATEGORIES = tuple(KEPT_MODELS)


def normalise(result):
    """A status or last_sync_result, upper-cased; SUCCESSFUL (the sync-status list's word) means DONE."""
    value = str(result or '').upper()
    return 'DONE' if value == 'SUCCESSFUL' else value


def model_ready(result, initial):
    """Readiness rules 1-3 for one model."""
    result = normalise(result)
    if result == 'DISABLED':
        return False
    if initial:
        if broken('fetch-partial-initial'):
            return result in ('DONE', 'PARTIALLY_SYNCED', 'FAILED')
        return result == 'DONE'
    return result in ('DONE', 'PARTIALLY_SYNCED')


def account_complete(statuses):
    """Rule 4: complete when every non-DISABLED model is neither SYNCING, FAILED nor PAUSED."""
    not_ready = ('SYNCING', 'PAUSED') if broken('failed-is-ready') else ('SYNCING', 'FAILED', 'PAUSED')
    return all(normalise(s.get('status')) not in not_ready
               for s in statuses if normalise(s.get('status')) != 'DISABLED')


def account_summary(statuses):
    """check-sync-status's answer: sync_complete, sync_status (one word), last_sync_time."""
    words = [normalise(s.get('status')) for s in statuses]
    word = 'DONE'
    for candidate in ('SYNCING', 'FAILED', 'PAUSED', 'PARTIALLY_SYNCED'):
        if candidate in words:
            word = candidate
            break
    else:
        if words and all(w == 'DISABLED' for w in words):
            word = 'DISABLED'
    field = 'last_sync_start' if broken('last-sync-time-from-start') else 'last_sync_finished'
    times = [s.get(field) or (s.get('last_sync_started') if field == 'last_sync_start' else None) for s in statuses]
    return {'sync_complete': account_complete(statuses), 'sync_status': word, 'last_sync_time': latest(times)}


def model_id_of(category, status):
    """model_id, tolerating the shortened sample's `model` for `model_name`."""
    return status.get('model_id') or f"{category}.{status.get('model_name') or status.get('model')}"


def next_cursor(nxt):
    """`next` is a cursor; a URL carrying one is read too."""
    if not nxt:
        return None
    if isinstance(nxt, str) and '://' in nxt:
        values = urllib.parse.parse_qs(urllib.parse.urlsplit(nxt).query).get('cursor')
        return values[0] if values else None
    return nxt


class Syncer:
    def __init__(self, store, service, log):
        self.store = store
        self.service = service
        self.log = log

    def account_call(self, rec, method, path, query=None):
        """A call on the record's linked account; a 401/403 moves the record to error."""
        try:
            return self.service.call(method, rec['category'], path, token=rec['account_token'], query=query)
        except AuthError:
            if not broken('ignore-401'):
                self.store.set_status(rec['id'], 'error')
                self.log(f"integration {rec['id']}: the service refused the account token: needs relinking")
            raise

    def read_sync_status(self, rec):
        """Every sync status record of the account (following next)."""
        statuses, cursor = [], None
        while True:
            page = self.account_call(rec, 'GET', '/sync-status', {'cursor': cursor}) or {}
            statuses += [s for s in page.get('results') or [] if isinstance(s, dict)]
            cursor = next_cursor(page.get('next'))
            if not cursor:
                return statuses

    def poll(self, rec):
        """The poller's work for one active record: sync-status, then the same decision as webhooks."""
        for s in self.read_sync_status(rec):
            self.consider(rec, model_id_of(rec['category'], s), s.get('status') or s.get('last_sync_result'),
                          bool(s.get('is_initial_sync')), s.get('last_sync_finished'), source='poll')

    def consider(self, rec, model_id, result, initial, finished, source):
        """Fetch one model when it is ready and its last_sync_finished is newer than the stored one."""
        path = KEPT_MODELS.get(rec['category'], {}).get(model_id)
        if not path or not finished or not model_ready(result, initial):
            return False
        state = self.store.model_state(rec['id'], model_id)
        order = 1 if state is None else compare(finished, state['last_sync_finished'])
        keep_times = False
        if order is None:
            self.log(f'{model_id}: unreadable last_sync_finished {finished!r}; not fetched')
            return False
        if order <= 0:
            if (order == 0 and broken('fetch-on-equal')) or (order < 0 and broken('fetch-when-older')):
                keep_times = True
            else:
                return False
        if source == 'poll' and broken('no-polling-fetch'):
            return False
        self.fetch(rec, model_id, path, finished, state, keep_times)
        return True

    def fetch(self, rec, model_id, path, finished, state, keep_times=False):
        """Incremental retrieval: start time first, window, every page, then both timestamps."""
        started = now_iso()
        query = {'page_size': PAGE_SIZE}
        if state is None:
            if not broken('first-fetch-without-bound'):
                query['modified_before'] = finished
        else:
            query['modified_after'] = state['last_synced_at']
            if not broken('no-modified-before'):
                query['modified_before'] = finished
        cursor, pages, count = None, 0, 0
        while True:
            params = dict(query, cursor=cursor) if cursor else dict(query)
            if pages and broken('page-size-drift'):
                params['page_size'] = PAGE_SIZE // 2
            page = self.account_call(rec, 'GET', f'/{path}', params) or {}
            results = page.get('results') or []
            self.store.save_records(rec['id'], model_id, results)
            pages, count = pages + 1, count + len(results)
            cursor = next_cursor(page.get('next'))
            if not cursor or broken('first-page-only'):
                break
        if broken('watermark-at-end'):
            started = now_iso()
        if not keep_times:
            self.store.save_model_state(rec['id'], model_id, finished, started)
        self.log(f"integration {rec['id']} {model_id}: {count} records in {pages} page(s) up to {finished}")
