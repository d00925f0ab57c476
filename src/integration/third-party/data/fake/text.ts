import { between, pick } from '../../../../core/hash.js'
import type { Rule } from './rule.js'
import { NOTE_SUBJECTS, SENTENCES, SKILLS_TAGS, TICKET_SUBJECTS } from './words.js'

/** Free text: subject lines, descriptions, notes, answers, tags. Text changes with each version of a record. */

/** A field of prose: a sentence drawn per version by `salt`. */
function prose (name: string, when: Rule['when'], salt = name): Rule {
  return { name, when, make: (c) => { const s = c.salt(salt); return (r) => pick(r.varying(s), SENTENCES) } }
}

const TICKET_TAGS = ['billing', 'bug', 'urgent', 'vip', 'feature-request', 'onboarding']

function tags (name: string, words: readonly string[], category?: string): Rule {
  return {
    name,
    when: { field: 'tags', type: 'string-list', ...(category === undefined ? {} : { category }) },
    make: (c) => {
      const s = c.fieldSalt('', 2)
      return (r) => {
        const n = between(r.varying(s), 0, 3)
        return Array.from({ length: n }, (_, i) => words[(between(r.varying(s + 1), 0, words.length - 1) + i) % words.length]!)
      }
    }
  }
}

export const TEXT: readonly Rule[] = [
  // Subject lines: a note's, task's or activity's from the note subjects, any other title from the ticket subjects.
  {
    name: 'note-subject',
    when: [{ field: 'title', type: 'string', model: ['Note', 'Engagement'] }, { field: 'subject', type: 'string' }],
    make: (c) => { const s = c.salt('subject'); return (r) => pick(r.varying(s), NOTE_SUBJECTS) }
  },
  { name: 'ticket-title', when: { field: 'title', type: 'string' }, make: (c) => { const s = c.salt('subject'); return (r) => pick(r.varying(s), TICKET_SUBJECTS) } },
  prose('description', { field: 'description', type: 'string' }),
  prose('details', { field: 'details', type: 'string' }),
  prose('body', { field: ['body', 'content'], type: 'string' }),
  { name: 'html-body', when: { field: 'html_body', type: 'string' }, make: (c) => { const s = c.salt('body'); return (r) => `<p>${pick(r.varying(s), SENTENCES)}</p>` } },
  prose('memo', { field: 'memo', type: 'string' }),
  prose('employee_note', { field: 'employee_note', type: 'string' }),
  prose('text-value', { field: 'value', type: ['string', 'any'] }),
  { name: 'answer', when: { field: 'answer', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => pick(r.varying(s), ['Yes', 'No', '3-5 years', 'Immediately', 'Open to discuss']) } },
  { name: 'label', when: { field: 'label', type: 'string' }, make: (c) => { const s = c.salt(); return (r) => pick(r.stable(s), ['Option A', 'Option B', 'Yes', 'No', 'Maybe']) } },
  tags('skill-tags', SKILLS_TAGS, 'ats'),
  tags('ticket-tags', TICKET_TAGS),
  { name: 'custom_fields', when: { field: 'custom_fields', type: 'object' }, make: (c) => { const s = c.salt('shirt'); return (r) => ({ shirt_size: pick(r.stable(s), ['S', 'M', 'L', 'XL']) }) } }
]
