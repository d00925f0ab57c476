import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../../../core/pagination.js'
import type { Rule } from '../report-input.js'

/** A paginated call asked for more than the documented maximum (the service caps it silently). */
export const pageSizeOverMax: Rule = {
  code: 'page_size_over_max',
  severity: 'warning',
  title: `page_size over ${PAGE_SIZE_MAX}`,
  advice: `page_size is at most ${PAGE_SIZE_MAX} (default ${PAGE_SIZE_DEFAULT}); ask for ${PAGE_SIZE_MAX} or less and follow next until it is null.`,
  find: (input) => input.entries
    .filter((e) => e.facets.pageSize !== undefined && e.facets.pageSize > PAGE_SIZE_MAX)
    .map((e) => ({ requests: [e], accounts: [e.accountId] }))
}
