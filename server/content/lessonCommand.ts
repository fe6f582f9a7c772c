/**
 * `npm run lesson -- <command> <courseData> …`: an operator's changes to a lesson in the
 * deployment's database (DATABASE_URL, else DB_PATH), through the same code as the authoring API
 * (lessonEdits.ts):
 *
 *   settings <courseData> [--open | --password <text> | --paid <yuan>] [--free <n>] [--share-reward <yuan>] [--title <text>]
 *   delete <courseData>
 *   illegal <courseData> on|off         the administrator's flag: readers see /illegal
 *   view-limit <courseData> <n>|none    the administrator's view limit (spec 001 /vipAlert)
 *   album|live|group|invite|vip-group <file.json> --author <wmid>
 *                                       the author's album, live, group, invitation or VIP group: the
 *                                       authoring API's body (records.ts)
 *   vip-campaign <file.json>            the VIP campaign's days, thresholds and quotas (vipCampaign.ts)
 *
 * It speaks the operator's language (core/operatorLanguage.ts), its refusals too.
 */
import { DEFAULT_DB_PATH } from '../app'
import { readNamedFile } from '../core/operatorFiles'
import { operatorLanguage } from '../core/operatorLanguage'
import { OperatorRefusal, failureText, operatorText } from '../core/operatorTexts'
import { openAppDatabase } from '../database'
import { UsageError, parseOptions } from './arguments'
import { ExportError, sayIn } from './format'
import { MediaRefusal, MediaStore, mediaStoreFromEnv } from './mediaStore'
import { RECORD_WRITERS, isRecordKind } from './records'
import { DEFAULT_MEDIA_STORE_DIR } from './routes'
import { LessonEditRefusal, deleteLesson, editSettings, setIllegal, setViewLimit } from './lessonEdits'
import { putVipCampaign } from './vipCampaign'

const language = operatorLanguage(process.env)

/** A record's file, as JSON: a file that cannot be read or is no JSON is refused in a sentence. */
async function readJson(file: string): Promise<unknown> {
  const text = await readNamedFile(file)
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new OperatorRefusal('lessonFileNotJson', { file, detail: error instanceof Error ? error.message : String(error) })
  }
}

async function main(): Promise<void> {
  const { positional, overrides, author } = parseOptions(process.argv.slice(2))
  const [command, subject, value] = positional
  if (!subject) throw new UsageError('lessonUsage')
  const db = await openAppDatabase(process.env.DATABASE_URL || process.env.DB_PATH || DEFAULT_DB_PATH, { seedDemo: false })
  try {
    if (isRecordKind(command)) {
      if (author === undefined) throw new UsageError('lessonUsage')
      const store = new MediaStore(mediaStoreFromEnv(process.env, DEFAULT_MEDIA_STORE_DIR))
      const record = await RECORD_WRITERS[command](db, author, await readJson(subject), store, Date.now())
      console.log(operatorText('lessonRecordSaved', language, { kind: command, record: JSON.stringify(record) }))
    } else if (command === 'vip-campaign') {
      const record = await putVipCampaign(db, await readJson(subject), Date.now())
      console.log(operatorText('lessonRecordSaved', language, { kind: command, record: JSON.stringify(record) }))
    } else if (command === 'settings') {
      const access = await editSettings(db, subject, 'operator', overrides)
      console.log(operatorText('lessonSettingsSaved', language, { courseData: subject, access: JSON.stringify(access) }))
    } else if (command === 'delete') {
      await deleteLesson(db, subject, 'operator')
      console.log(operatorText('lessonDeleted', language, { courseData: subject }))
    } else if (command === 'illegal' && (value === 'on' || value === 'off')) {
      await setIllegal(db, subject, value === 'on')
      console.log(operatorText(value === 'on' ? 'lessonIllegalOn' : 'lessonIllegalOff', language, { courseData: subject }))
    } else if (command === 'view-limit' && value !== undefined && /^(\d{1,9}|none)$/.test(value)) {
      await setViewLimit(db, subject, value === 'none' ? null : Number(value))
      console.log(value === 'none' ? operatorText('lessonNoViewLimit', language, { courseData: subject }) : operatorText('lessonViewLimit', language, { courseData: subject, limit: value }))
    } else {
      throw new UsageError('lessonUsage')
    }
  } finally {
    await db.close()
  }
}

main().catch((error: unknown) => {
  // a refusal (UsageError, ExportError, LessonEditRefusal, MediaRefusal) says what to change, in the operator's language
  if (error instanceof ExportError) console.error(error.in(language).msg)
  else if (error instanceof LessonEditRefusal || error instanceof MediaRefusal) console.error(sayIn(language, error.why))
  else console.error(failureText(error, language))
  process.exit(1)
})
