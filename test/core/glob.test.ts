import t from 'tap'
import { globMatcher } from '../../src/core/glob.js'

t.test('* matches any run of characters, slashes included; everything else matches itself', async (t) => {
  const employees = globMatcher('/api/hris/v1/employees*')
  t.ok(employees('/api/hris/v1/employees'))
  t.ok(employees('/api/hris/v1/employees/6c25'))
  t.notOk(employees('/api/hris/v1/employments'))
  t.ok(globMatcher('LinkedAccount.*')('LinkedAccount.linked'))
  t.notOk(globMatcher('LinkedAccount.*')('LinkedAccountXlinked'), 'a dot is a dot')
  t.ok(globMatcher('*.synced')('hris.Employee.synced'))
  t.notOk(globMatcher('/a?c')('/abc'), 'without the ? wildcard, ? is itself')
  t.ok(globMatcher('/a?c')('/a?c'))
  t.ok(globMatcher('/a(b)+[c]')('/a(b)+[c]'), 'regex characters match themselves')
})

t.test('a glob without a wildcard matches only itself', async (t) => {
  t.ok(globMatcher('/api/hris/v1/employees')('/api/hris/v1/employees'))
  t.notOk(globMatcher('/api/hris/v1/employees')('/api/hris/v1/employees/1'))
})

t.test('with ? as a wildcard it matches exactly one character', async (t) => {
  const nine = globMatcher('/api/hris/v1/?????????', '*?')
  t.ok(nine('/api/hris/v1/employees'))
  t.ok(nine('/api/hris/v1/companies'))
  t.notOk(nine('/api/hris/v1/locations/1'))
  t.notOk(nine('/api/hris/v1/teams'))
  t.ok(globMatcher('/api/*/v1/employees*', '*?')('/api/hris/v1/employees/x'))
})
