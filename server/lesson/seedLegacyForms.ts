/**
 * The legacy-forms demo lesson: `demo-legacy-forms` / legacy `legacy-forms`, open, by wm_teacher,
 * 6 messages on 2024-03-26 from 10:00 (China time), one minute apart, in the old wire forms of
 * spec 000 §3 besides the transport form. `msgId` is `demo-legacy-forms-<nnn>`:
 *   001 text, transport form
 *   002 old RongCloud voice: objectName 'RC:VcMsg', voiceUrl greeting.mp3, msgUID; its obj holds
 *       only the duration, so the playable URL is voiceUrl
 *   003 image, content-JSON form: the content's resourceUrl (square.png) overrides a stale obj.url
 *   004 voice m4a, content-JSON form
 *   005 text, content-JSON form (a text payload is `{content}` too: only the outer content holds obj)
 *   006 text, transport form
 * The old fields live in the messages' wire_extra column; the transport columns obj and
 * resource_url are empty for the content-JSON rows, whose content carries them.
 */
import type { Queryable } from '../core/sql'
import { insertMessages } from './data'

export const LEGACY_FORMS_COURSE_DATA = 'demo-legacy-forms'

type Sender = 'wm_teacher' | 'wm_assistant'

/** What a row stores: the transport payload and the old fields beside it. */
interface Stored {
  msgType: number
  obj: string | null
  wireExtra: string | null
}

/** The content-JSON form's payload, with the resourceUrl that overrides obj.url. */
interface ContentForm {
  msgType: number
  obj: object
  resourceUrl?: string
}

const T: Sender = 'wm_teacher'
const A: Sender = 'wm_assistant'

/** 10:00 on 2024-03-26 in China (UTC+8), as epoch ms. */
const FIRST_AT = Date.UTC(2024, 2, 26, 2, 0)

const transport = (msgType: number, obj: object): Stored => ({ msgType, obj: JSON.stringify(obj), wireExtra: null })

const content =
  ({ msgType, obj, resourceUrl }: ContentForm) =>
  (msgId: string): Stored => ({
    msgType,
    obj: null,
    wireExtra: JSON.stringify({ content: JSON.stringify({ msgType, msgId, obj, resourceUrl }) }),
  })

const rcVoice = (voiceUrl: string, msgUID: string, duration: number): Stored => ({
  msgType: 1002,
  obj: JSON.stringify({ duration }),
  wireExtra: JSON.stringify({ objectName: 'RC:VcMsg', voiceUrl, msgUID }),
})

/** Each line is its row, or a function of the row's msgId when the content JSON repeats it. */
const LINES: ReadonlyArray<readonly [Sender, Stored | ((msgId: string) => Stored)]> = [
  [T, transport(1000, { content: '这节课的消息来自旧版导出，格式和新版不同，但显示应该一模一样。' })],
  [T, rcVoice('/media/voice/greeting.mp3', 'BH4F-8T0V-G3A4-4E8T', 10)],
  [
    A,
    content({
      msgType: 1001,
      obj: { url: '/media/image/square-old.png', width: 480, height: 480 },
      resourceUrl: '/media/image/square.png',
    }),
  ],
  [A, content({ msgType: 1002, obj: { id: 'voice-weekend-legacy', url: '/media/voice/weekend.m4a', duration: 6 } })],
  [T, content({ msgType: 1000, obj: { content: '上面三条分别是旧版语音、旧版图片和旧版 m4a 语音。' } })],
  [T, transport(1000, { content: '旧版消息演示到此结束。' })],
]

/** Adds the legacy-forms lesson to a database the main seed has filled (it needs the seed's users). */
export async function seedLegacyForms(tx: Queryable): Promise<void> {
  const lesson = await tx.one<{ id: number }>(
    `INSERT INTO lessons (course_data, legacy_data, wmid, course_name, course_pic, privacy_status, create_timestamp)
     VALUES (?, 'legacy-forms', 'wm_teacher', '旧版消息格式演示课', '/media/image/square.png', 1, ?)
     RETURNING id`,
    [LEGACY_FORMS_COURSE_DATA, FIRST_AT - 12 * 3600_000],
  )
  if (!lesson) throw new Error('the legacy-forms lesson was not stored')
  await insertMessages(
    tx,
    LINES.map(([sender, line], i) => {
      const msgId = `${LEGACY_FORMS_COURSE_DATA}-${String(i + 1).padStart(3, '0')}`
      const { msgType, obj, wireExtra } = typeof line === 'function' ? line(msgId) : line
      return { lessonId: lesson.id, msgId, msgType, sendTime: FIRST_AT + i * 60_000, sender, obj, wireExtra }
    }),
  )
}
