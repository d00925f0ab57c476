import { runGroup } from '../helpers/group.js'
import { GROUPS } from './groups.js'

await runGroup(GROUPS['conform-pages'])
