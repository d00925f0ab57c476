"""The webhook route: verify, match, answer 200 at once, work later.

Signature: X-Merge-Webhook-Signature = base64url(HMAC-SHA256(key, raw body)),
compared in constant time over bytes, with or without `=` padding."""
import base64
import hashlib
import hmac
import json

from broken import broken
from sync import CATEGORIES

SIGNATURE_HEADER = 'X-Merge-Webhook-Signature'


def signature_ok(key, raw, given):
    if not key or not given:
        return False
    expected = base64.urlsafe_b64encode(hmac.new(key.encode(), raw, hashlib.sha256).digest()).rstrip(b'=')
    return hmac.compare_digest(expected, given.strip().encode('ascii', 'replace').rstrip(b'='))


def sync_completed_work(syncer, payload):
    """LinkedAccount.sync_completed: every kept model of data.sync_status (keyed by model_id)."""
    data = payload.get('data') or {}
    account_initial = bool(data.get('is_initial_sync'))
    models = data.get('sync_status') or {}

    def work(rec):
        for model_id, status in models.items():
            if not isinstance(status, dict):
                continue
            # data.is_initial_sync is one flag for the whole account; a model never fetched
            # yet is still in its initial sync too (only DONE fetches it then)
            initial = account_initial or syncer.store.model_state(rec['id'], model_id) is None
            syncer.consider(rec, model_id, status.get('last_sync_result'), initial,
                            status.get('last_sync_finished'), source='webhook')
    return work


def model_synced_work(syncer, payload):
    """{Model}.synced: data.sync_status is one sync status record."""
    status = (payload.get('data') or {}).get('sync_status') or {}

    def work(rec):
        if isinstance(status, dict):
            syncer.consider(rec, status.get('model_id') or '', status.get('status') or status.get('last_sync_result'),
                            bool(status.get('is_initial_sync')), status.get('last_sync_finished'), source='webhook')
    return work


def deleted_work(store):
    def work(rec):
        store.delete(rec['id'])
    return work


def handle_webhook(app, category, headers, raw):
    """Returns (status, answer)."""
    if not broken('ignore-signature') and not signature_ok(app.webhook_key, raw, headers.get(SIGNATURE_HEADER)):
        return 401, {'status': 'rejected', 'error': 'bad or missing webhook signature'}
    try:
        payload = json.loads(raw)
    except ValueError:
        return 400, {'status': 'rejected', 'error': 'the body is not JSON'}
    if not isinstance(payload, dict):
        return 400, {'status': 'rejected', 'error': 'the body is not a JSON object'}
    account = payload.get('linked_account') if isinstance(payload.get('linked_account'), dict) else {}
    rec = None
    if category in CATEGORIES:
        rec = app.store.for_webhook(account.get('id'), account.get('end_user_origin_id'), category)
    if rec is None and not broken('webhook-always-200'):
        return 404, {'status': 'unknown', 'error': 'no integration matches this linked account'}
    event = str((payload.get('hook') or {}).get('event') or '')
    work = None
    if rec is None:
        pass
    elif event == 'LinkedAccount.sync_completed':
        work = sync_completed_work(app.syncer, payload)
    elif event.endswith('.synced'):
        work = model_synced_work(app.syncer, payload)
    elif event == 'LinkedAccount.deleted':
        work = deleted_work(app.store)
    if work is not None:
        if broken('process-before-answer'):
            app.jobs.run_locked(rec['id'], work)
        else:
            app.jobs.submit(rec['id'], work)
    return 200, {'status': 'processed'}
