/**
 * `npm run import -- <export.json|export.jsonl> --author <wmid> [options]`: imports a chat export
 * as one lesson into the deployment's database (DATABASE_URL, else DB_PATH, default
 * server/data/dev.sqlite), media files beside the export into the media store (MEDIA_STORE_DIR,
 * MEDIA_PUBLIC_BASE, MEDIA_MAX_BYTES). The same code as the authoring API (importer.ts).
 *
 *   --author <wmid>       the lesson's author (required)
 *   --open | --password <text> | --paid <yuan>    who may read it (default: the export's header)
 *   --free <n>            a paid lesson's free preview: its first n messages
 *   --share-reward <yuan> what a sharer earns
 *   --title <text>        the lesson's title instead of the export's courseName
 *
 * Prints progress on stderr and, when done, the lesson's courseData and link, in the operator's
 * language (core/operatorLanguage.ts).
 */
import { DEFAULT_DB_PATH } from '../app'
import { checkNamedFile } from '../core/operatorFiles'
import { operatorLanguage } from '../core/operatorLanguage'
import { failureText, operatorText, type OperatorKey } from '../core/operatorTexts'
import { openAppDatabase } from '../database'
import { ExportError } from './format'
import { importExport, type ImportProgress } from './importer'
import { MediaStore, mediaStoreFromEnv } from './mediaStore'
import { DEFAULT_MEDIA_STORE_DIR } from './routes'
import { parseImportArguments } from './arguments'

const language = operatorLanguage(process.env)

const PHASES: Readonly<Record<ImportProgress['phase'], OperatorKey>> = { check: 'importPhaseCheck', media: 'importPhaseMedia', write: 'importPhaseWrite' }

function progressPrinter(): (progress: ImportProgress) => void {
  const tty = process.stderr.isTTY === true
  const labels = Object.values(PHASES).map((key) => operatorText(key, language))
  const labelWidth = Math.max(...labels.map((label) => label.length))
  let last = 0
  return ({ phase, done, total }) => {
    const now = Date.now()
    if (now - last < 200 && done !== total) return
    last = now
    const width = 30
    const bar = total ? `[${'#'.repeat(Math.round((done / total) * width)).padEnd(width, '.')}] ` : ''
    const line = `${operatorText(PHASES[phase], language).padEnd(labelWidth)} ${bar}${done}${total ? `/${total}` : ''}`
    process.stderr.write(tty ? `\r${line}` : `${line}\n`)
    if (tty && done === total) process.stderr.write('\n')
  }
}

async function main(): Promise<void> {
  const args = parseImportArguments(process.argv.slice(2))
  await checkNamedFile(args.file)
  const store = new MediaStore(mediaStoreFromEnv(process.env, DEFAULT_MEDIA_STORE_DIR))
  const db = await openAppDatabase(process.env.DATABASE_URL || process.env.DB_PATH || DEFAULT_DB_PATH, { seedDemo: false })
  try {
    const started = Date.now()
    const result = await importExport(db, store, args.file, { author: args.author, overrides: args.overrides, media: 'files', onProgress: progressPrinter() })
    const { courseData, messages, mediaFiles } = result
    const params = { courseData, messages, mediaFiles, ms: Date.now() - started, link: `/lesson?courseData=${courseData}` }
    console.log(operatorText(result.created ? 'importCreated' : 'importUpdated', language, params))
  } finally {
    await db.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ExportError ? operatorText('importRefused', language, { refusal: error.in(language).msg }) : failureText(error, language))
  process.exit(1)
})
