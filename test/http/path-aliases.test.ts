import t from 'tap'
import { PathAliases } from '../../src/http/path-aliases.js'

/** The rewrite the app applies before routing (black-box answers: test/integration/data/path-aliases.test.ts). */

const aliases = new PathAliases()
aliases.add('/api/hris/employees', '/api/hris/v1/employees')
aliases.add('/hris/v1/employees', '/api/hris/v1/employees')

t.test('an alias prefix becomes its canonical prefix; the rest of the URL is kept as sent', async (t) => {
  t.equal(aliases.rewrite('/api/hris/employees'), '/api/hris/v1/employees')
  t.equal(aliases.rewrite('/hris/v1/employees'), '/api/hris/v1/employees')
  t.equal(aliases.rewrite('/api/hris/employees?page_size=2&cursor=a%2Fb'), '/api/hris/v1/employees?page_size=2&cursor=a%2Fb')
  t.equal(aliases.rewrite('/api/hris/employees/'), '/api/hris/v1/employees/')
  t.equal(aliases.rewrite('/hris/v1/employees/abc/def?x=1'), '/api/hris/v1/employees/abc/def?x=1')
})

t.test('only whole segments match', async (t) => {
  for (const url of ['/api/hris/employeesX', '/api/hris/employee', '/api/hris', '/api/hris/', '/', '', '/api/hris/v1/employees', '/api/ats/employees', '/API/hris/employees', '//api/hris/employees']) {
    t.equal(aliases.rewrite(url), url, `${JSON.stringify(url)} is not an alias`)
  }
})

t.test('percent-encoded segments match as the router decodes them, and keep their spelling', async (t) => {
  t.equal(aliases.rewrite('/api/hris/employe%65s?x=1'), '/api/hris/v1/employe%65s?x=1')
  t.equal(aliases.rewrite('/api/hri%73/employees'), '/api/hri%73/v1/employees', 'the raw category is what the account check sees')
  t.equal(aliases.rewrite('/hri%73/v1/employees/1'), '/api/hri%73/v1/employees/1')
  t.equal(aliases.rewrite('/%61pi/hris/employees'), '/%61pi/hris/v1/employees', 'an encoded first segment too: a first segment')
  t.equal(aliases.rewrite('/%68ris/v1/employees'), '/api/%68ris/v1/employees', 'no alias has as written is still decoded and looked up')
  t.equal(aliases.rewrite('/api/hris/employees%zz'), '/api/hris/employees%zz', 'a segment that does not decode is no alias')
  t.equal(aliases.rewrite('/api/hris%2Femployees/x'), '/api/hris%2Femployees/x', 'an encoded slash keeps its segment whole')
})

t.test('no aliases, no rewrite', async (t) => {
  t.equal(new PathAliases().rewrite('/api/hris/employees'), '/api/hris/employees')
})
