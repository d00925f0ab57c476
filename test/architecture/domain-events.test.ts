import { readFileSync } from 'node:fs'
import t from 'tap'

/**
 * integration/domain-events.ts's header is the one place a reader finds every domain event and who declares
 * it; the type checker cannot see a comment, so this reads the declarations and holds the table to them.
 */

const INTEGRATION = new URL('../../src/integration/', import.meta.url)
const text = (path: string): string => readFileSync(new URL(path, INTEGRATION), 'utf8')
const source = text('domain-events.ts')

/** The declaring file of each entry of the map, by the type's import: `AccountEvents` → base/accounts/account-events.ts. */
const fileOf = new Map([...source.matchAll(/^import type \{ (\w+) \} from '\.\/(.+)\.js'$/gm)].map((m) => [m[1]!, `${m[2]!}.ts`]))
const parts = /export type DomainEvents = ([\w &]+)/.exec(source)![1]!.split('&').map((p) => p.trim())

/** What the code declares: each part's file → the event names of its interface. */
const declared: Record<string, string[]> = {}
for (const part of parts) {
  const file = fileOf.get(part)
  if (file === undefined) throw new Error(`${part} is not imported by domain-events.ts`)
  const body = new RegExp(`export interface ${part} \\{\\n([\\s\\S]*?)\\n\\}`).exec(text(file))![1]!
  declared[file] = [...body.matchAll(/^\s+'([a-z-]+:[a-z-]+)'\??:/gm)].map((m) => m[1]!).sort()
}

/** What the header's table says: a file's line, then its events' lines. */
const header = source.slice(source.indexOf('/**\n * The one map'), source.indexOf('*/\nexport type DomainEvents'))
const table: Record<string, string[]> = {}
let file = ''
for (const line of header.split('\n')) {
  const named = /^ \* {3}(\S+\.ts)$/.exec(line)
  if (named !== null) { file = named[1]!; table[file] = []; continue }
  const event = /^ \* {5}'([^']+)'/.exec(line)
  if (event !== null) table[file]!.push(event[1]!)
}
for (const events of Object.values(table)) events.sort()

t.test('the header of domain-events.ts names every event of DomainEvents, under the file that declares it', async (t) => {
  t.ok(parts.length > 0 && Object.values(declared).every((events) => events.length > 0), 'each part of the map declares events')
  t.same(table, declared)
})
