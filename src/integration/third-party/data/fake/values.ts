import { between, combine, pick, unit } from '../../../../core/hash.js'
import {
  COMPANY_FORMS, COMPANY_PREFIXES, COMPANY_SUFFIXES, FEMALE_FIRST, LAST_NAMES, MALE_FIRST, PLACES, STREET_NAMES, type Place
} from './words.js'

/** Primitive fake values: people, companies, places, phone numbers, money. Pure functions of a hash. */

export interface Person {
  readonly first: string
  readonly last: string
  readonly gender: 'FEMALE' | 'MALE'
  /** Disambiguates the email address once every first/last pair is taken. */
  readonly round: number
}

const FIRST = [...FEMALE_FIRST, ...MALE_FIRST]
const PAIRS = FIRST.length * LAST_NAMES.length
// Any step coprime with PAIRS walks every pair once: within a data set no two people share a name until
// all pairs are used, so email addresses stay unique without looking anything up.
const STEP = 7919
// The pair of position p is (p mod first names, p mod last names): with the two list lengths coprime this
// is a bijection (Chinese remainder theorem), and consecutive people get unrelated surnames. The pair
// (p mod F, p div F) put runs of about ten people under one surname.
if (gcd(FIRST.length, LAST_NAMES.length) !== 1) throw new Error('the first and last name lists must have coprime lengths')

function gcd (a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b)
}

export function personAt (index: number, offset: number): Person {
  const p = (index * STEP + offset) % PAIRS
  const fi = p % FIRST.length
  return {
    first: FIRST[fi]!,
    last: LAST_NAMES[p % LAST_NAMES.length]!,
    gender: fi < FEMALE_FIRST.length ? 'FEMALE' : 'MALE',
    round: Math.floor(index / PAIRS)
  }
}

const SLUGS = new Map<string, string>()

/** ASCII, lower case, no spaces or apostrophes: for email addresses and user names. Words repeat: cached. */
export function slug (text: string): string {
  let s = SLUGS.get(text)
  if (s === undefined) {
    s = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '')
    if (SLUGS.size < 10_000) SLUGS.set(text, s)
  }
  return s
}

export function emailLocal (person: Person): string {
  return `${slug(person.first)}.${slug(person.last)}${person.round > 0 ? String(person.round + 1) : ''}`
}

export interface Company {
  readonly name: string
  readonly legalName: string
  readonly domain: string
}

export function companyAt (h: number): Company {
  const prefix = pick(h, COMPANY_PREFIXES)
  const suffix = pick(combine(h, 1), COMPANY_SUFFIXES)
  const name = `${prefix} ${suffix}`
  return { name, legalName: `${name} ${pick(combine(h, 2), COMPANY_FORMS)}`, domain: `${slug(prefix)}${slug(suffix)}.com` }
}

export function placeAt (h: number): Place {
  return pick(h, PLACES)
}

export function streetAt (h: number): string {
  return `${between(h, 1, 9899)} ${pick(combine(h, 3), STREET_NAMES)}`
}

export function postalCode (place: Place, h: number): string {
  if (place.country === 'US' || place.country === 'DE' || place.country === 'FR') return place.postal + String(between(h, 0, 99)).padStart(2, '0')
  if (place.country === 'CA') return `${place.postal} ${between(h, 1, 9)}${String.fromCharCode(65 + between(combine(h, 1), 0, 25))}${between(combine(h, 2), 1, 9)}`
  if (place.country === 'GB') return `${place.postal.trim()} ${between(h, 1, 9)}${String.fromCharCode(65 + between(combine(h, 1), 0, 25))}${String.fromCharCode(65 + between(combine(h, 2), 0, 25))}`
  return place.postal + String(between(h, 100, 999))
}

/** E.164, in the 555 range where the country has one. */
export function phoneAt (place: Place, h: number): string {
  const local = place.country === 'US' || place.country === 'CA'
    ? `555${String(between(h, 100, 9999)).padStart(4, '0')}`
    : String(between(h, 10 ** (place.subscriber - 1), 10 ** place.subscriber - 1))
  return place.phone + local
}

/** A money amount with cents, log-uniform between min and max so small and large values both occur. */
export function money (h: number, min: number, max: number): number {
  const value = Math.exp(Math.log(min) + unit(h) * (Math.log(max) - Math.log(min)))
  return Math.round(value * 100) / 100
}

export function fixed2 (value: number): string {
  return value.toFixed(2)
}

/** A name from a list, numbered once the list is used up, so each record of a small model has its own. */
export function numbered (items: readonly string[], index: number): string {
  const round = Math.floor(index / items.length)
  return items[index % items.length]! + (round > 0 ? ` ${round + 1}` : '')
}
