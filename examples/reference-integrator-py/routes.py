"""The integrator routes under /api/merge (Merge's guide style).

Every handler takes (app, org, body) and returns (status, answer). Answers
carry `success` and, on failure, `error`; no answer ever holds the API key or
an account token (but for the leak-account-token variant)."""
import uuid

from broken import broken
from service import AuthError, ServiceError
from sync import CATEGORIES, account_summary


def fail(code, error, **extra):
    return code, dict(success=False, error=error, **extra)


def request_link_token(app, category, origin_id, org, integration=None):
    body = {'end_user_origin_id': origin_id, 'integration_category': category,
            'end_user_organization_name': org, 'end_user_email_address': f'admin@{org}.example'}
    if integration:
        body['integration'] = integration
    answer = app.service.call('POST', category, '/link-token', body=body) or {}
    if not answer.get('link_token'):
        raise ServiceError(200, 'no link_token in the answer')
    return answer['link_token']


def create_link_token(app, org, body):
    category = body.get('category') or 'hris'
    integration = body.get('integration') or None
    if category not in CATEGORIES:
        if not broken('accept-bad-category'):
            return fail(400, f'unknown category {category!r}; one of {", ".join(CATEGORIES)}')
        token = request_link_token(app, 'hris', f'{org}_{category}', org)
        return 200, {'success': True, 'link_token': token}
    rec = app.store.by_category(org, category)
    if rec is None:
        # the record (and its permanent origin id) is saved before the token is requested
        rec_id = app.store.create_pending(org, category, f'{org}_{category}')
        rec = app.store.get(rec_id)
    elif rec['status'] == 'active' and not broken('relink-active'):
        return fail(400, f'an active {category} integration exists already; relink or delete it instead')
    elif rec['status'] == 'pending':
        if broken('cache-link-token') and rec['link_token']:
            return 200, {'success': True, 'link_token': rec['link_token']}
        new_origin = f'{org}_{category}_{uuid.uuid4()}' if broken('new-origin-id-per-retry') else None
        app.store.clear_pending(rec['id'], new_origin)   # a retry: same origin id, token and name cleared
        rec = app.store.get(rec['id'])
    # an error record (needs relinking) gets a fresh token for the same origin id, like a relink
    token = request_link_token(app, category, rec['end_user_origin_id'], org, integration)
    app.store.set_link_token(rec['id'], token, relinking=rec['status'] != 'pending')
    return 200, {'success': True, 'link_token': token}


def pending_record(app, org, body):
    """The record a public token completes: pending, in error (relink), or relinking."""
    category, origin_id = body.get('category'), body.get('end_user_origin_id')
    rec = None
    if category in CATEGORIES:
        rec = app.store.by_category(org, category)
    elif isinstance(origin_id, str):
        rec = app.store.by_origin_id(org, origin_id)
    if rec is None or (origin_id and origin_id != rec['end_user_origin_id']):
        return None
    if rec['status'] in ('pending', 'error') or rec['relinking']:
        return rec
    return None


def exchange_public_token(app, org, body):
    public_token = body.get('public_token')
    if (not isinstance(public_token, str) or not public_token) and not broken('no-token-check'):
        return fail(400, 'public_token is required')
    rec = pending_record(app, org, body)
    if rec is None and not broken('exchange-without-pending'):
        return fail(404, 'no pending integration for this category and origin id')
    # single use: never retried
    exchanged = app.service.call('POST', 'mktg', '/create-link-token', body={'public_token': public_token},
                                 retry=False) or {}
    account_token = exchanged.get('account_token')
    if not account_token:
        return fail(500, 'the service answered no account token')
    if broken('exchange-twice'):
        try:
            app.service.call('POST', 'mktg', '/create-link-token', body={'public_token': public_token}, retry=False)
        except ServiceError:
            pass
    category = rec['category'] if rec else (body.get('category') if body.get('category') in CATEGORIES else 'hris')
    try:
        details = app.service.call('GET', category, '/account-details', token=account_token) or {}
    except ServiceError as err:
        app.log(f'account-details after the exchange failed: {err}')
        details = {}
    named = exchanged.get('integration')
    name = details.get('integration') or (named.get('name') if isinstance(named, dict) else named)
    slug = details.get('integration_slug') or (named.get('slug') if isinstance(named, dict) else None)
    linked_account_id = str(details.get('id') or exchanged.get('id') or '')
    if rec is not None:
        status = 'error' if rec['status'] == 'error' and broken('relink-stays-error') else 'active'
        app.store.linked(rec['id'], status, account_token, linked_account_id, name, slug)
    answer = {'success': True, 'integration_name': slug if broken('slug-as-name') else name,
              'linked_account_id': linked_account_id, 'category': category}
    if broken('leak-account-token'):
        answer['account_token'] = account_token
    return 200, answer


def find_linked(app, org, body):
    """(record, None) or (None, failure) for the routes that take linked_account_id."""
    linked_account_id = body.get('linked_account_id')
    if linked_account_id in (None, ''):
        return None, fail(400, 'linked_account_id is required')
    rec = app.store.by_linked_account(org, linked_account_id)
    if rec is None:
        return None, fail(404, 'no integration has this linked_account_id')
    return rec, None


def relink_integration(app, org, body):
    rec, failure = find_linked(app, org, body)
    if failure:
        return failure
    origin_id = rec['end_user_origin_id']
    if broken('relink-new-origin-id'):
        origin_id = f"{org}_{rec['category']}_{uuid.uuid4()}"
    token = request_link_token(app, rec['category'], origin_id, org)
    app.store.set_link_token(rec['id'], token, relinking=True)
    return 200, {'success': True, 'link_token': token}


def delete_integration(app, org, body):
    rec, failure = find_linked(app, org, body)
    if failure:
        return failure
    if broken('delete-local-first'):
        app.store.delete(rec['id'])
    try:
        app.service.call('POST', rec['category'], '/delete-account', token=rec['account_token'])
    except ServiceError as err:
        return fail(500, f'the service did not delete the linked account ({err.status}); nothing was deleted')
    app.store.delete(rec['id'])
    return 200, {'success': True}


def check_sync_status(app, org, body):
    rec, failure = find_linked(app, org, body)
    if failure:
        return failure
    try:
        statuses = app.syncer.read_sync_status(rec)
    except AuthError:
        return fail(500, 'the linked account needs relinking', status=app.store.get(rec['id'])['status'])
    summary = account_summary(statuses)
    return 200, dict(success=True, status=app.store.get(rec['id'])['status'], **summary)


def list_connections(app, org, body):
    """GET: the settings page's view of the organisation's linked integrations (active, or in error: needs
    relinking). Never the account token (but for the page-connections-leak variant)."""
    connections = []
    for rec in app.store.by_organisation(org):
        if rec['status'] not in ('active', 'error') or not rec['linked_account_id']:
            continue
        one = {'category': rec['category'], 'linked_account_id': rec['linked_account_id'],
               'integration_name': rec['integration_name'],
               'state': 'connected' if rec['status'] == 'active' else 'needs_relink'}
        if broken('page-connections-leak'):
            one['account_token'] = rec['account_token']
        connections.append(one)
    return 200, {'success': True, 'connections': connections}


ROUTES = {
    'create-link-token': create_link_token,
    'exchange-public-token': exchange_public_token,
    'relink-integration': relink_integration,
    'delete-integration': delete_integration,
    'check-sync-status': check_sync_status,
}
# read by the settings page (GET)
GET_ROUTES = {'connections': list_connections}
# routes that a variant leaves open without login
OPEN_IN_VARIANT = {'relink-integration': 'no-login-check'}
