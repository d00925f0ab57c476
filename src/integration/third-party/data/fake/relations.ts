import { between, unit } from '../../../../core/hash.js'
import type { Shape } from '../../../base/catalogue/catalogue.js'
import { nullShare } from './nulls.js'
import type { RecordState } from './record-state.js'
import type { RelationWriter, Rule, RuleContext, Writer } from './rule.js'

/**
 * Relations. A relation points at indices of the related model in the same account, so an employee's
 * `company` is the id of a company that account really has. Parent/children pairs agree both ways (each
 * employment's `employee` lists it back in `employments`); sub-objects are listed by id or inlined, with the
 * same ids either way; embedded lists are generated in place.
 */

type Ref = Extract<Shape, { t: 'ref' }>
type Index = (r: RecordState) => number | null

/** How many items a list of sub-objects holds, by sub-object. */
const SUB_COUNTS: Readonly<Record<string, readonly [number, number]>> = {
  Earning: [2, 4],
  Deduction: [1, 3],
  Tax: [2, 4],
  PhoneNumber: [1, 2],
  EmailAddress: [1, 2],
  AccountingPhoneNumber: [1, 2],
  Url: [0, 2],
  Address: [1, 2],
  Permission: [1, 3],
  ReportItem: [4, 8],
  ScreeningQuestionAnswer: [0, 3],
  TaxComponent: [1, 2],
  PaymentLineItem: [0, 2]
}

const countOf = (sub: string, otherwise: readonly [number, number]): readonly [number, number] =>
  Object.hasOwn(SUB_COUNTS, sub) ? SUB_COUNTS[sub]! : otherwise

const refOf = (c: RuleContext): Ref => c.field.shape as Ref

/** Lists of sub-objects (an invoice's line items): ids unless expanded, then the objects themselves. */
function subObjectRefs (c: RuleContext, size: readonly [number, number]): Writer {
  const { field, source } = c
  const { target, many } = refOf(c)
  const [min, max] = countOf(target, size)
  const salt = c.fieldSalt('n:')
  const share = nullShare(field)
  return (r) => {
    const n = many ? between(r.stable(salt), min, max) : (unit(r.stable(salt)) < share ? 0 : 1)
    if (n === 0) return many ? [] : null
    if (r.options.expandSubs.has(field.name) && r.parent === undefined) {
      const items = source.inline(r, target, field.name, n)
      return many ? items : items[0]!
    }
    const key = `${r.root().owner.name}.${field.name}`
    const ids = Array.from({ length: n }, (_, j) => r.account.idOf(key, r.slot(j)))
    return many ? ids : ids[0]!
  }
}

/** A single relation: the id of the record `index` picks, or null. */
function toOne (c: RuleContext, index: Index): RelationWriter {
  const { target } = refOf(c)
  return {
    write: (r) => {
      const i = index(r)
      return i === null ? null : r.account.idOf(target, i)
    },
    refIndex: (r) => index(r) ?? undefined
  }
}

/** Any record of the target model, or null by the field's null share. */
function anyRecord (c: RuleContext): Index {
  const { target } = refOf(c)
  const salt = c.fieldSalt('ref:')
  const nullSalt = c.fieldSalt('null:')
  const share = c.field.nullable ? nullShare(c.field) : 0
  return (r) => {
    const n = r.account.count(target)
    return n === 0 || unit(r.stable(nullSalt)) < share ? null : between(r.stable(salt), 0, n - 1)
  }
}

/** A list relation: the ids of the records `list` picks. */
function toMany (c: RuleContext, list: (r: RecordState) => number[]): RelationWriter {
  const { target } = refOf(c)
  return { write: (r) => list(r).map((i) => r.account.idOf(target, i)), refIndex: (r) => list(r)[0] }
}

export const RELATIONS: readonly Rule[] = [
  {
    name: 'sub-objects',
    when: { type: 'embedded' },
    make: (c) => {
      const s = c.field.shape as Extract<Shape, { t: 'embedded' }>
      const [min, max] = countOf(s.sub, [1, 3])
      const salt = c.fieldSalt('n:')
      return (r) => {
        const items = c.source.inline(r, s.sub, c.field.name, between(r.stable(salt), min, max))
        return s.many ? items : items[0] ?? null
      }
    }
  },
  {
    name: 'embedded-records',
    when: { type: 'embedded-model' },
    make: (c) => {
      const target = (c.field.shape as Extract<Shape, { t: 'embedded-model' }>).target
      const salt = c.fieldSalt('n:', 2)
      return (r) => {
        const count = r.account.count(target)
        return c.source.embed(r, target, between(r.stable(salt + 1), 0, count - 1), Math.min(count, between(r.stable(salt), 1, 4)))
      }
    }
  },
  { name: 'applied-lines', when: { relation: 'sub', field: /^applied_/ }, ownNulls: true, make: (c) => subObjectRefs(c, [0, 2]) },
  { name: 'sub-object-refs', when: { relation: 'sub' }, ownNulls: true, make: (c) => subObjectRefs(c, [1, 4]) },
  {
    // A sub-object's link to its own parent model (an earning's employee_payroll_run) is the parent.
    name: 'parent-record',
    when: { relation: 'model', many: false, sub: true },
    ownNulls: true,
    make: (c) => {
      const { target } = refOf(c)
      const other = anyRecord(c)
      return toOne(c, (r) => { const root = r.root(); return root.owner.name === target ? root.index : other(r) })
    }
  },
  {
    // Six reports to each manager, the first employee to no one.
    name: 'manager',
    when: { field: 'manager', relation: 'model', many: false, self: true },
    ownNulls: true,
    make: (c) => toOne(c, (r) => r.index === 0 ? null : Math.floor((r.index - 1) / 6))
  },
  {
    // A parent of the same model (a parent team, folder or ticket) comes earlier, so there are no cycles.
    name: 'earlier-record',
    when: { relation: 'model', many: false, self: true },
    ownNulls: true,
    make: (c) => {
      const salt = c.fieldSalt('ref:')
      const nullSalt = c.fieldSalt('null:')
      const share = c.field.nullable ? nullShare(c.field) : 0
      return toOne(c, (r) => r.index === 0 || unit(r.stable(nullSalt)) < share ? null : between(r.stable(salt), 0, r.index - 1))
    }
  },
  {
    // The child side of a parent/children pair is dealt round-robin, so each parent's list (below) names
    // exactly the children that point back at it; any other link picks any record.
    name: 'record',
    when: { relation: 'model', many: false },
    ownNulls: true,
    make: (c) => {
      const { target } = refOf(c)
      if (c.source.inverse(c.owner, target, false) === undefined) return toOne(c, anyRecord(c))
      return toOne(c, (r) => r.index % Math.max(1, r.account.count(target)))
    }
  },
  {
    name: 'records',
    when: { relation: 'model', many: true },
    ownNulls: true,
    make: (c) => {
      const { target } = refOf(c)
      const owner = c.owner
      if (!owner.isSub && c.source.inverse(owner, target, true) !== undefined) {
        return toMany(c, (r) => {
          const parents = Math.max(1, r.account.count(owner.name))
          const children = r.account.count(target)
          const out: number[] = []
          for (let i = r.index; i < children && out.length < 8; i += parents) out.push(i)
          return out
        })
      }
      const salt = c.fieldSalt('refs:', 3)
      return toMany(c, (r) => {
        const n = r.account.count(target)
        if (n === 0) return []
        const k = Math.min(n, between(r.stable(salt), 0, 3))
        const start = between(r.stable(salt + 1), 0, n - 1)
        const step = 1 + (r.stable(salt + 2) % Math.max(1, Math.min(n - 1, 7)))
        const out: number[] = []
        for (let j = 0; j < k; j++) {
          const i = (start + j * step) % n
          if (!out.includes(i)) out.push(i)
        }
        return out
      })
    }
  }
]
