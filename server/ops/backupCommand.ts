/**
 * `npm run backup -- [FILE]` and `npm run restore -- FILE [--replace]`, on the deployment's
 * database (DATABASE_URL, else DB_PATH, default server/data/dev.sqlite), as the server finds it.
 * - backup: while the servers run; FILE defaults to backups/<engine>-<UTC time>.sqlite or .dump.
 * - restore: into an empty database; `--replace` replaces what a database holds (stop every server
 *   on it first).
 * It speaks the operator's language (core/operatorLanguage.ts). See "Operating it" in README.md.
 */
import { isAbsolute, join, resolve } from 'node:path'
import { DEFAULT_DB_PATH } from '../app'
import { operatorLanguage } from '../core/operatorLanguage'
import { failureText, operatorSaid, operatorText } from '../core/operatorTexts'
import { isPostgresUrl } from '../core/sql'
import { BackupRefusal, backup, describeContents, describeLocation, restore } from './backup'

const language = operatorLanguage(process.env)

const fromCwd = (path: string): string => (isAbsolute(path) ? path : resolve(path))

function databaseLocation(env: NodeJS.ProcessEnv): string {
  if (env.DATABASE_URL) return env.DATABASE_URL
  return env.DB_PATH ? fromCwd(env.DB_PATH) : DEFAULT_DB_PATH
}

async function main(): Promise<void> {
  const [mode, ...args] = process.argv.slice(2)
  const location = databaseLocation(process.env)
  const replace = args.includes('--replace')
  const files = args.filter((arg) => !arg.startsWith('--'))
  const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--replace')
  if (unknown.length > 0 || files.length > 1 || (mode !== 'backup' && mode !== 'restore') || (mode === 'backup' && replace)) throw new BackupRefusal('backupUsage')
  if (mode === 'backup') {
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, 'Z')
    const file = files[0] ? fromCwd(files[0]) : join(process.cwd(), 'backups', `${isPostgresUrl(location) ? 'postgres' : 'sqlite'}-${stamp}.${isPostgresUrl(location) ? 'dump' : 'sqlite'}`)
    const contents = await backup(location, file)
    process.stdout.write(`${operatorText('backupDone', language, { location: describeLocation(location), contents: describeContents(contents), file })}\n`)
    return
  }
  if (!files[0]) throw new BackupRefusal('restoreNeedsFile', { usage: operatorSaid('backupUsage') })
  const file = fromCwd(files[0])
  const contents = await restore(location, file, { replace })
  process.stdout.write(`${operatorText('restoreDone', language, { file, location: describeLocation(location), contents: describeContents(contents) })}\n`)
}

main().catch((error: unknown) => {
  // a refusal says what to do in a sentence; anything else is a bug, with its stack
  process.stderr.write(`${failureText(error, language)}\n`)
  process.exit(1)
})
