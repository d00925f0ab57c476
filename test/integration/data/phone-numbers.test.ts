import t from 'tap'
import { loadCatalogue } from '../../../src/integration/base/catalogue/catalogue.js'
import { AccountData } from '../../../src/integration/third-party/data/fake/account-data.js'
import { Generator, type BuildOptions } from '../../../src/integration/third-party/data/fake/generator.js'

/**
 * Generated phone numbers are E.164 numbers of their country's national length (ITU-T E.164 and each country's
 * numbering plan): a parser such as libphonenumber accepts them. Paris (+33 1 …) and Sydney (+61 2 …) numbers
 * were one digit short (`+3313024066`, `+6127717482`), and so were London's, Singapore's and Bangalore's.
 */

/** Country calling code → the lengths of a national significant number there. */
const NATIONAL: Record<string, readonly number[]> = {
  1: [10], 44: [10], 49: [9, 10, 11], 33: [9], 31: [9], 353: [8, 9], 61: [9], 65: [8], 91: [10]
}

const catalogue = loadCatalogue()
const generator = new Generator(catalogue)
const employee = catalogue.byId('hris.Employee')!
const OPTIONS: BuildOptions = { remoteData: false, sensitive: true, expandSubs: new Set() }
const ANCHOR_MS = Date.parse('2026-01-01T00:00:00.000Z')

t.test('every generated phone number has its country\'s national length', async (t) => {
  const seen = new Map<string, number>()
  const wrong: string[] = []
  for (const seed of [1, 2, 3]) {
    const account = new AccountData(seed, `phones-${seed}`, 'hris', ANCHOR_MS, () => 5000)
    for (let index = 0; index < 400; index++) {
      const createdUs = ANCHOR_MS * 1000 + index * 1000
      const record = generator.build(employee, account, { index, version: 0, createdUs, modifiedUs: createdUs, deleted: false }, OPTIONS) as Record<string, unknown>
      const phone = record.mobile_phone_number
      if (typeof phone !== 'string') continue
      if (!/^\+\d+$/.test(phone)) wrong.push(`${phone}: not a plus and digits`)
      const code = Object.keys(NATIONAL).find((c) => phone.startsWith(`+${c}`))
      if (code === undefined) { wrong.push(`${phone}: no known country code`); continue }
      seen.set(code, (seen.get(code) ?? 0) + 1)
      const national = phone.length - 1 - code.length
      if (!NATIONAL[code]!.includes(national)) wrong.push(`${phone}: ${national} digits after +${code}`)
    }
  }
  t.same(wrong.slice(0, 10), [], `${wrong.length} numbers of the wrong length`)
  for (const code of ['33', '61', '44', '65', '91']) t.ok((seen.get(code) ?? 0) > 0, `numbers of +${code} were generated`)
})
