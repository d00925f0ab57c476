import t from 'tap'
import { makeApp } from '../helpers/app.js'
import { Client } from './helpers.js'

/**
 * Issue 36: free strings a client sends and unimock stores were kept at 1 MB as sent. Each is bounded now:
 * at its bound it is accepted, one character more is a 400 naming the field, and nothing is stored.
 */

const long = (n: number): string => 'x'.repeat(n)

t.test('stored strings are bounded: the bound is accepted, one more is a 400 naming the field', async (t) => {
  const { app } = await makeApp(t, { rateLimit: 'off' })
  const control = new Client(app, 'k')
  const made = await control.post('/_unimock/linked-accounts', { category: 'hris', end_user_origin_id: 'org-bounds' })
  t.equal(made.statusCode, 201)
  const api = control.withAccount(made.json().account_token as string)
  const mapping = (extra: Record<string, unknown>) => ({ target_field_name: 't', target_field_description: 'd', remote_field_traversal_path: ['cf_region'], remote_method: 'GET', remote_url_path: '/api/v1/employees', common_model_name: 'Employee', ...extra })

  const cases: Array<{ name: string, field: string, bound: number, send: (value: string, i: number) => Promise<{ statusCode: number, body: string }> }> = [
    { name: 'field mapping target_field_name', field: 'target_field_name', bound: 255, send: (v) => api.post('/api/hris/v1/field-mappings', mapping({ target_field_name: v })) },
    { name: 'field mapping target_field_description', field: 'target_field_description', bound: 2000, send: (v, i) => api.post('/api/hris/v1/field-mappings', mapping({ target_field_name: `d${i}`, target_field_description: v })) },
    { name: 'target field name', field: 'name', bound: 255, send: (v) => api.post('/api/hris/v1/target-fields', { name: v, common_model: 'Employee' }) },
    { name: 'webhook receiver key', field: 'key', bound: 255, send: (v, i) => api.post('/api/hris/v1/webhook-receivers', { event: i < 100 ? 'employee.created' : 'employee.updated', is_active: true, key: v }) },
    { name: 'link-token end_user_origin_id', field: 'end_user_origin_id', bound: 255, send: (v) => control.post('/api/hris/v1/link-token', { end_user_origin_id: v, end_user_email_address: 'a@b.c', end_user_organization_name: 'Acme', categories: ['hris'] }) },
    { name: 'link-token end_user_organization_name', field: 'end_user_organization_name', bound: 255, send: (v, i) => control.post('/api/hris/v1/link-token', { end_user_origin_id: `o${i}`, end_user_email_address: 'a@b.c', end_user_organization_name: v, categories: ['hris'] }) },
    { name: 'control linked account end_user_origin_id', field: 'end_user_origin_id', bound: 255, send: (v) => control.post('/_unimock/linked-accounts', { category: 'hris', end_user_origin_id: v }) },
    { name: 'remote key name', field: 'name', bound: 255, send: (v) => control.post('/api/hris/v1/generate-key', { name: v }) }
  ]
  for (const [i, c] of cases.entries()) {
    const at = await c.send(long(c.bound), i)
    t.ok(at.statusCode < 300, `${c.name}: ${c.bound} characters are accepted (${at.statusCode} ${at.body.slice(0, 200)})`)
    const over = await c.send(long(c.bound + 1), i + 100)
    t.equal(over.statusCode, 400, `${c.name}: ${c.bound + 1} characters are a 400`)
    t.match(over.body, c.field, `${c.name}: the answer names the field`)
  }
})
