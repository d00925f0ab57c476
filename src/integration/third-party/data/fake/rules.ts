import { COLLABORATION } from './collaboration.js'
import { COMPANIES } from './companies.js'
import { DATES } from './dates.js'
import { DEFAULTS } from './defaults.js'
import { ENUMS } from './enums.js'
import { FILES } from './files.js'
import { FLAGS } from './flags.js'
import { IDENTIFIERS } from './identifiers.js'
import { LINKS } from './links.js'
import { NAMES } from './names.js'
import { NUMBERS } from './numbers.js'
import { PEOPLE } from './people.js'
import { PLACES } from './places.js'
import type { Rule } from './rule.js'
import { RELATIONS } from './relations.js'
import { TEXT } from './text.js'

/**
 * The rule table: for each field of each model, the first rule here that matches it (by name, model, type,
 * format, relation) produces its values. Most rules name their fields, so the concerns rarely compete; where
 * they do, the order below decides:
 * - people before links (a URL object's value is a profile), before identifiers (an accounting phone
 *   number's `number` is a phone number) and before text (an email or phone object's `value`);
 * - people and files before names (a person's or a file's `name`), names before text (an article's `title`);
 * - defaults, the catch-alls per type, last;
 * - calendars, chat and mailboxes first: their rules name fields and shapes no other model has, and a few of
 *   them (a reply's thread, a member's user or group) decide relations.
 */
export const RULES: readonly Rule[] = [
  ...COLLABORATION,
  ...RELATIONS,
  ...PEOPLE,
  ...LINKS,
  ...FILES,
  ...NAMES,
  ...COMPANIES,
  ...PLACES,
  ...IDENTIFIERS,
  ...NUMBERS,
  ...DATES,
  ...ENUMS,
  ...FLAGS,
  ...TEXT,
  ...DEFAULTS
]
