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
 */
import { DEFAULT_DB_PATH } from '../app'
import { openAppDatabase } from '../database'
import { readFile } from 'node:fs/promises'
import { UsageError, parseOptions } from './arguments'
import { MediaStore, mediaStoreFromEnv } from './mediaStore'
import { RECORD_WRITERS, isRecordKind } from './records'
import { DEFAULT_MEDIA_STORE_DIR } from './routes'
import { deleteLesson, editSettings, setIllegal, setViewLimit } from './lessonEdits'
import { putVipCampaign } from './vipCampaign'

const USAGE = `usage: npm run lesson -- settings <courseData> [--open | --password <text> | --paid <yuan>] [--free <n>] [--share-reward <yuan>] [--title <text>]
       npm run lesson -- delete <courseData>
       npm run lesson -- illegal <courseData> on|off
       npm run lesson -- view-limit <courseData> <views>|none
       npm run lesson -- album|live|group|invite|vip-group <file.json> --author <wmid>
       npm run lesson -- vip-campaign <file.json>`

async function main(): Promise<void> {
  const { positional, overrides, author } = parseOptions(process.argv.slice(2))
  const [command, subject, value] = positional
  if (!subject) throw new UsageError(USAGE)
  const db = await openAppDatabase(process.env.DATABASE_URL || process.env.DB_PATH || DEFAULT_DB_PATH, { seedDemo: false })
  try {
    if (isRecordKind(command)) {
      if (author === undefined) throw new UsageError(USAGE)
      const store = new MediaStore(mediaStoreFromEnv(process.env, DEFAULT_MEDIA_STORE_DIR))
      const value = JSON.parse(await readFile(subject, 'utf8')) as unknown
      console.log(`${command}: ${JSON.stringify(await RECORD_WRITERS[command](db, author, value, store, Date.now()))}`)
    } else if (command === 'vip-campaign') {
      const value = JSON.parse(await readFile(subject, 'utf8')) as unknown
      console.log(`vip-campaign: ${JSON.stringify(await putVipCampaign(db, value, Date.now()))}`)
    } else if (command === 'settings') {
      const access = await editSettings(db, subject, 'operator', overrides)
      console.log(`lesson ${subject}: ${JSON.stringify(access)}`)
    } else if (command === 'delete') {
      await deleteLesson(db, subject, 'operator')
      console.log(`lesson ${subject} deleted`)
    } else if (command === 'illegal' && (value === 'on' || value === 'off')) {
      await setIllegal(db, subject, value === 'on')
      console.log(`lesson ${subject}: illegal ${value}`)
    } else if (command === 'view-limit' && value !== undefined && /^(\d{1,9}|none)$/.test(value)) {
      await setViewLimit(db, subject, value === 'none' ? null : Number(value))
      console.log(`lesson ${subject}: view limit ${value}`)
    } else {
      throw new UsageError(USAGE)
    }
  } finally {
    await db.close()
  }
}

main().catch((error: unknown) => {
  // a refusal (UsageError, ExportError, LessonEditRefusal) says what to change in its message
  console.error(error instanceof Error ? error.message : String(error))
  process.exit(1)
})
