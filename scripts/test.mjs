/**
 * `npm test`: every test the project has, in one run, ending with one summary line.
 * 1. typecheck (tsc strict);
 * 2. lint (ESLint, eslint.config.mjs; no warning allowed);
 * 3. builds the mini-program and the H5 site (weapp tests load dist/weapp, e2e serves dist/h5);
 * 4. jest over all projects: unit, server, component, weapp, e2e;
 * 5. the server suite again on real PostgreSQL and Redis (scripts/engines.mjs starts throwaway ones:
 *    Debian's postgresql and redis-server), with the two-node test that only runs there. The
 *    cluster test is left out of that run: it is about SQLite's one file shared by the workers.
 * SKIP_BUILD=1 reuses existing builds (local iteration only).
 */
import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { bin, ROOT, run } from './lib.mjs'

const steps = []
async function step(name, command, args, env) {
  const started = Date.now()
  console.log(`\n▶ ${name}`)
  const code = await run(command, args, { env })
  steps.push({ name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) })
  return code === 0
}

const artifacts = path.join(ROOT, 'test-artifacts')
mkdirSync(artifacts, { recursive: true })
const report = path.join(artifacts, 'jest-report.json')

await step('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'])
await step('lint', bin('eslint'), ['.', '--max-warnings', '0'])
if (process.env.SKIP_BUILD !== '1') {
  await step('build weapp', bin('taro'), ['build', '--type', 'weapp'], { NODE_ENV: 'production' })
  await step('build h5', bin('taro'), ['build', '--type', 'h5'], { NODE_ENV: 'production', TARO_APP_PAY_SANDBOX: '1' })
}
await step('jest (unit, server, component, weapp, e2e)', bin('jest'), ['--ci', '--json', `--outputFile=${report}`, ...process.argv.slice(2)])
const enginesReport = path.join(artifacts, 'jest-engines-report.json')
await step('jest server on PostgreSQL and Redis', process.execPath, [
  path.join(ROOT, 'scripts/engines.mjs'),
  bin('jest'),
  '--ci',
  '--selectProjects',
  'server',
  '--testPathIgnorePatterns',
  'test/server/cluster.test.ts',
  '--json',
  `--outputFile=${enginesReport}`,
])

let passed = 0
let failed = 0
for (const file of [report, enginesReport]) {
  try {
    const result = JSON.parse(readFileSync(file, 'utf8'))
    passed += result.numPassedTests
    failed += result.numFailedTests + result.numRuntimeErrorTestSuites
  } catch {
    failed += 1
  }
}
console.log('\nSummary:')
for (const s of steps) console.log(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds} s)`)
const stepFailures = steps.filter((s) => !s.ok).length
console.log(`tests: ${passed} passed, ${failed + stepFailures} failed`)
process.exit(failed + stepFailures === 0 ? 0 : 1)
