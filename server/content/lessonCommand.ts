/**
 * `npm run lesson -- <command> <courseData> …`: an operator's changes to a lesson in the
 * deployment's database (DATABASE_URL, else DB_PATH), through the same code as the authoring API
 * (lessonEdits.ts):
 *
 *   settings <courseData> [--open | --password <text> | --paid <yuan>] [--free <n>] [--share-reward <yuan>] [--title <text>]
 *   delete <courseData>
 *   illegal <courseData> on|off         the administrator's flag: readers see /illegal
 *   view-limit <courseData> <n>|none    the administrator's view limit (spec 001 /vipAlert)
 */
import { DEFAULT_DB_PATH } from '../app'
import { openAppDatabase } from '../database'
import { UsageError, parseOptions } from './arguments'
import { deleteLesson, editSettings, setIllegal, setViewLimit } from './lessonEdits'

const USAGE = `usage: npm run lesson -- settings <courseData> [--open | --password <text> | --paid <yuan>] [--free <n>] [--share-reward <yuan>] [--title <text>]
       npm run lesson -- delete <courseData>
       npm run lesson -- illegal <courseData> on|off
       npm run lesson -- view-limit <courseData> <views>|none`

async function main(): Promise<void> {
  const { positional, overrides } = parseOptions(process.argv.slice(2))
  const [command, courseData, value] = positional
  if (!courseData) throw new UsageError(USAGE)
  const db = await openAppDatabase(process.env.DATABASE_URL || process.env.DB_PATH || DEFAULT_DB_PATH, { seedDemo: false })
  try {
    if (command === 'settings') {
      const access = await editSettings(db, courseData, 'operator', overrides)
      console.log(`lesson ${courseData}: ${JSON.stringify(access)}`)
    } else if (command === 'delete') {
      await deleteLesson(db, courseData, 'operator')
      console.log(`lesson ${courseData} deleted`)
    } else if (command === 'illegal' && (value === 'on' || value === 'off')) {
      await setIllegal(db, courseData, value === 'on')
      console.log(`lesson ${courseData}: illegal ${value}`)
    } else if (command === 'view-limit' && value !== undefined && /^(\d{1,9}|none)$/.test(value)) {
      await setViewLimit(db, courseData, value === 'none' ? null : Number(value))
      console.log(`lesson ${courseData}: view limit ${value}`)
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
