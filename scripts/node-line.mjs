// better-sqlite3 13 crashes (a segmentation fault) on Node 20: say so, and stop, before any test does.
// Imported by scripts/check-test-prerequisites.mjs (npm test) and by every test process (scripts/ts-loader).
const major = Number(process.versions.node.split('.')[0])
if (major !== 22 && major !== 24) {
  process.stderr.write(`unimock tests: Node ${process.versions.node} is not a line unimock runs on (22 or 24); ` +
    '`source scripts/use-node.sh 24` brings one for this shell\n')
  process.exit(1)
}
