import t from 'tap'
import { MergeClient } from '@mergeapi/merge-node-client'
import type { ConfigInput } from '../../../src/config.js'
import { startUnimock } from '../../../src/server.js'

/** The official client over passthrough, async passthrough, remote field classes and field mappings. */

t.test('the official client calls the simulated third party', async (t) => {
  const server = await startUnimock({ ...({ rateLimit: 'off' } as ConfigInput), dataVolume: ['hris.employees=3', 'crm.contacts=3'], dataChurn: 0, clock: 'virtual' })
  t.teardown(() => server.close())
  const apiKey = 'test_remote_sdk'
  const control = async (path: string, body: unknown): Promise<any> => (await fetch(`${server.url}/_unimock${path}`, {
    method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body)
  })).json()
  const linked = async (category: string): Promise<MergeClient> => {
    const account = await control('/linked-accounts', { category, end_user_origin_id: `sdk-${category}` })
    await control(`/linked-accounts/${account.id as string}/data/sync-pass`, {})
    return new MergeClient({ apiKey, accountToken: account.account_token, baseUrl: `${server.url}/api` })
  }
  const hris = await linked('hris')
  const crm = await linked('crm')

  const answer = await hris.hris.passthrough.create({ method: 'GET', path: '/api/v1/employees?limit=2' })
  t.equal(answer.status, 200)
  t.equal((answer.response as { data: unknown[] }).data.length, 2)

  const receipt = await hris.hris.asyncPassthrough.create({ method: 'GET', path: '/api/v1/employees/0' })
  t.match(receipt.asyncPassthroughReceiptId, /^[0-9a-f-]{36}$/)
  t.equal(await hris.hris.asyncPassthrough.retrieve(receipt.asyncPassthroughReceiptId), 'PENDING', 'the client reads the pending string')
  await control('/clock/advance', { by: '10s' })
  const resolved = await hris.hris.asyncPassthrough.retrieve(receipt.asyncPassthroughReceiptId)
  t.equal(typeof resolved === 'object' ? resolved.status : null, 404, 'then the RemoteResponse (no record 0 at the vendor)')

  const classes = await crm.crm.contacts.remoteFieldClassesList({})
  t.ok(classes.data.length > 0 && classes.data.every((c) => c.isCustom === true), 'remote field classes as typed objects')
  const contacts = await crm.crm.contacts.list({ includeRemoteFields: true })
  t.equal(contacts.data[0]!.remoteFields?.length, classes.data.length, 'remote_fields on records')

  const created = await hris.hris.fieldMapping.fieldMappingsCreate({
    targetFieldName: 'region', targetFieldDescription: 'r', remoteFieldTraversalPath: ['cf_region'], remoteMethod: 'GET', remoteUrlPath: '/api/v1/employees', commonModelName: 'Employee'
  })
  t.equal(created.model.targetField?.name, 'region')
  const all = await hris.hris.fieldMapping.fieldMappingsRetrieve()
  t.equal(all.employee?.[0]?.id, created.model.id)
  const remote = await hris.hris.fieldMapping.remoteFieldsRetrieve({ commonModels: 'Employee' })
  t.ok((remote.employee?.length ?? 0) > 0)
  const targets = await hris.hris.fieldMapping.targetFieldsRetrieve()
  t.equal(targets.employee?.[0]?.name, 'region')
})
