import t from 'tap'
import { makeApp } from '../../helpers/app.js'
import { Client } from '../helpers.js'

/** The actions the ready-made files do not use, and how a failed check and a refused action end a run. */

const account = [{ ref: 'acme', category: 'hris' }]

t.test('service faults by ref, clearing them, pause, resume, sync_now, delete and advance', async (t) => {
  const { app } = await makeApp(t)
  const control = new Client(app, 'k')
  const res = await control.post('/_unimock/scenarios/run', {
    scenario: {
      name: 'every-action',
      description: 'the rarer actions, one after another',
      accounts: account,
      steps: [
        { at: '0s', link: { account: 'acme' } },
        { at: '30m', service_fault: { kind: 'status', status: 503, count: 1, scope: { account: 'acme' } } },
        { at: '30m', request: { account: 'acme', path: '/api/hris/v1/employees', repeat: 2 }, expect: [{ responses: { status: 503, min: 1, max: 1 } }, { responses: { status: 200, min: 1, max: 1 } }] },
        { at: '31m', service_fault: { kind: 'status', status: 500, scope: { account: 'acme' } } },
        { at: '31m', clear_faults: 'service' },
        { at: '31m', request: { account: 'acme', path: '/api/hris/v1/employees' }, expect: [{ last_response: { status: 200 } }] },
        { at: '1h', pause: { account: 'acme' }, expect: [{ sync: { account: 'acme', status: 'PAUSED' } }] },
        { at: '2h', resume: { account: 'acme' } },
        { at: '3h', expect: [{ sync: { account: 'acme', status: 'DONE', finished_within: '1h' } }] },
        { at: '3h', sync_now: { account: 'acme', model: 'hris.Employee' }, expect: [{ sync: { account: 'acme', model: 'hris.Employee', status: 'SYNCING' } }] },
        { at: '4h', delete: { account: 'acme' }, advance: '1h', expect: [{ account: { account: 'acme', status: 'DELETED' } }] }
      ]
    }
  })
  t.equal(res.statusCode, 200, res.body)
  const run = res.json()
  const notDone = (run.steps as Array<{ state: string }>).filter((s) => s.state !== 'done')
  if (notDone.length > 0) t.comment(JSON.stringify(notDone, null, 1))
  t.equal(run.state, 'passed')
  t.equal(run.ends_at, '2026-01-01T05:00:00.000Z', 'advance: 1h keeps the run going an hour past its last step')
  t.equal((await control.get('/_unimock/faults')).json().results.length, 0, 'clear_faults: service left no fault')
})

t.test('a failing check marks its step failed and the run goes on; a refused action stops the run', async (t) => {
  const { app } = await makeApp(t)
  const control = new Client(app, 'k')
  const failed = (await control.post('/_unimock/scenarios/run', {
    scenario: {
      name: 'wrong-expectation',
      description: 'expects DONE while the initial sync runs',
      accounts: account,
      steps: [
        { at: '0s', link: { account: 'acme' }, expect: [{ sync: { account: 'acme', status: 'DONE' } }] },
        { at: '1h', expect: [{ sync: { account: 'acme', status: 'DONE' } }] }
      ]
    }
  })).json()
  t.equal(failed.state, 'failed')
  t.same(failed.steps.map((s: { state: string }) => s.state), ['failed', 'done'], 'the step after the failed check still ran')
  t.match(failed.steps[0].checks[0], { check: 'sync acme', ok: false, expected: 'DONE', actual: '16 SYNCING' })

  const refused = (await control.post('/_unimock/scenarios/run', {
    scenario: {
      name: 'refused',
      description: 'pauses an account before linking it',
      accounts: [{ ref: 'late', category: 'hris' }],
      steps: [
        { at: '0s', pause: { account: 'late' } },
        { at: '1h', link: { account: 'late' } }
      ]
    }
  })).json()
  t.equal(refused.state, 'error')
  t.same(refused.steps.map((s: { state: string }) => s.state), ['error', 'skipped'])
  t.match(refused.steps[0].detail, /account "late" is not linked yet/)
  t.same((await control.get('/_unimock/linked-accounts')).json().results.filter((a: { end_user_origin_id: string, completed_at: string | null }) => a.end_user_origin_id.startsWith('late')).length, 0, 'the skipped link never ran')
})

t.test('write_preset: the next write of a declared account fails at the third party; the run takes back what it left', async (t) => {
  const { app } = await makeApp(t)
  const control = new Client(app, 'k')
  const res = await control.post('/_unimock/scenarios/run', {
    scenario: {
      name: 'refused-write',
      description: 'the CRM refuses the next contact, then takes the one after; a slow preset is left for the run to remove',
      accounts: [{ ref: 'shop', category: 'crm' }],
      steps: [
        { at: '0s', link: { account: 'shop' } },
        { at: '1m', write_preset: { account: 'shop', model_id: 'crm.Contact', outcome: 'fail', problem_type: 'RATE_LIMITED', message: 'Too many contacts' } },
        {
          at: '2m',
          request: { account: 'shop', method: 'POST', path: '/api/crm/v1/contacts', body: { model: { first_name: 'Ada', last_name: 'Lovelace' } }, repeat: 2 },
          expect: [{ responses: { status: 400, min: 1, max: 1 } }, { responses: { status: 201, min: 1, max: 1 } }]
        },
        { at: '3m', write_preset: { outcome: 'slow', delay_ms: 1000, count: 5 } }
      ]
    }
  })
  t.equal(res.statusCode, 200, res.body)
  const run = res.json()
  t.equal(run.state, 'passed', JSON.stringify(run.steps.filter((s: { state: string }) => s.state !== 'done')))
  t.same((await control.get('/_unimock/write-presets')).json().results, [], 'the unspent slow preset went with the run')
  const issues = await app.inject({ method: 'GET', url: '/api/crm/v1/issues', headers: { authorization: 'Bearer k' } })
  t.match(issues.json().results, [{ error_description: /./ }], 'the refused write opened an issue')

  const bad = await control.post('/_unimock/scenarios/run', {
    scenario: { name: 'bad-preset', description: 'an outcome that does not exist', accounts: [], steps: [{ at: '0s', write_preset: { outcome: 'explode' } }] }
  })
  t.equal(bad.statusCode, 400, 'the loader refuses a preset outside the form')
  t.equal((await control.request('DELETE', '/_unimock/write-presets/999')).statusCode, 404, 'deleting a preset that is not there')
})
