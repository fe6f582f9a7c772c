/**
 * The all-types demo lesson: `demo-all-types` / legacy `legacy-all-types`, open, by wm_teacher,
 * 48 messages on 2024-03-25 (a morning and an afternoon block) from wm_teacher and wm_assistant,
 * with at least one message of every type code of spec 000 §3 and one unknown code (1099) for
 * the placeholder cell. `msgId` is `demo-all-types-<nnn>`; notable ones:
 *   005 voice mp3 with a transcription    007 voice mp3 without    009 voice m4a with a two-sentence one    010 voice amr
 *   039 voice mp3 with a transcription and the speech service's word times (`ws`)
 *   011 voice whose payload has only voiceUrl and duration (the old RC:VcMsg payload; the list
 *       calls carry no objectName/msgUID/content fields, so the old envelope itself cannot be sent)
 *   006 long text    021 `<img src=x onerror=alert(1)>`    013 image with a double-encoded payload
 *   017 image whose resourceUrl overrides a stale obj.url    014 video 320x240 (poster on the server)
 *   018 circle post, 5 pictures    019 group-space post with a video    020 text-only circle post
 *   027 reply quoting the long text 006    028 reply quoting the image 008
 *   029-032 files: pdf, docx, txt, mp3    038 unknown type 1099
 * Nine image messages (five picture files and the slides) feed the picture-list paging.
 *
 * Media live under server/media/{voice,video,image,circle,face,file}/, made by
 * server/media/generate.sh; paths are stored relative (`/media/…`). Circle and space posts name
 * this server as their picture/media domain (`/media`), so domain + urlPrefix + urlSuffix is a
 * same-origin path too. File sizes and voice durations below are those of the committed files.
 */
import type { Queryable } from '../core/sql'
import { insertMessages } from './data'
import type { NewMessage } from './data'

export const ALL_TYPES_COURSE_DATA = 'demo-all-types'

type Sender = 'wm_teacher' | 'wm_assistant'

/** A payload stored as the wire sends it, with the optional transport-level resourceUrl. */
interface Stored {
  obj: string
  resourceUrl?: string
}

/** A reply to an earlier message of this lesson, named by its position (1-based). */
interface Quote {
  quoting: number
  replyText: string
}

type Line = readonly [sender: Sender, msgType: number, body: Stored | Quote]

interface Block {
  /** epoch ms of the block's first message */
  at: number
  lines: readonly Line[]
}

const T: Sender = 'wm_teacher'
const A: Sender = 'wm_assistant'

/** An unknown type code: clients show the "unsupported message" placeholder for it. */
const UNKNOWN_TYPE = 1099

/** Wall time in China (UTC+8) as epoch ms, on 2024-03-25. */
function chinaTime(hour: number, minute: number): number {
  return Date.UTC(2024, 2, 25, hour - 8, minute)
}

/**
 * The word times iFlytek's IAT gives for the weather clip (`wb`/`we`, frames of 10 ms; punctuation
 * untimed), as the chat app keeps them with a converted voice: what the speech stand-in answers for
 * the same recording (server/speech/recordings.ts `wordFrames`; test/server/transcriptWordTimes.test.ts
 * holds the two equal).
 */
export const WEATHER_WORDS = (
  [['今', 0, 46], ['天', 47, 93], ['天', 94, 140], ['气', 141, 187], ['真', 188, 234], ['好', 235, 281], ['，', 0, 0], ['对', 282, 328], ['吧', 329, 375], ['？', 0, 0]] as const
).map(([w, wb, we], bg) => ({ bg, cw: [{ w, sc: 0 }], wb, we }))

const json = (value: object, resourceUrl?: string): Stored =>
  resourceUrl === undefined ? { obj: JSON.stringify(value) } : { obj: JSON.stringify(value), resourceUrl }

const text = (content: string): Stored => json({ content })

const image = (path: string, width: number, height: number): Stored => json({ url: `/media/${path}`, width, height })

const file = (fileName: string, path: string, fileLength: number): Stored =>
  json({ fileName, fileExtension: fileName.slice(fileName.lastIndexOf('.') + 1), fileLength, url: `/media/file/${path}`, msgId: path })

/** Circle and group-space post data, as a JSON string inside the material payload. */
const material = (type: 0 | 1, data: object): Stored => json({ type, data: JSON.stringify(data) })

const LONG_TEXT =
  '这节课把客户端会遇到的每一种消息都放在了一起：文字、图片、语音、视频、表情、名片、位置、签到、' +
  '圈子和群空间的素材、网页链接、自定义表情、聊天记录、投诉、群邀请、文件、回复、通知，还有一条' +
  '新版本才有的消息类型。语音有 mp3、m4a 和 amr 三种格式，其中 amr 需要先转换才能在网页里播放；' +
  '图片有宽图、长图和方图，预览时可以左右滑动翻页；视频有封面，点开才加载；文件可以直接打开，' +
  'mp3 文件会用内置的播放器播放。如果某一种消息显示不正常，请对照这条说明检查。'

const MORNING: Block = {
  at: chinaTime(9, 0),
  lines: [
    [T, 1000, text('大家早上好！这是一节包含所有消息类型的演示课。')],
    [A, 2000, json({ text: '助教小雨 加入了群聊' })],
    [A, 99999, json({ text: '大家好，我是助教小雨 👋' })],
    [T, 1001, image('image/wide.jpg', 960, 360)],
    [T, 1002, json({ id: 'voice-intro', url: '/media/voice/intro.mp3', duration: 7, text: '大家好，欢迎来到全类型消息演示课。' })],
    [T, 1000, text(LONG_TEXT)],
    [A, 1002, json({ id: 'voice-greeting', url: '/media/voice/greeting.mp3', duration: 10 })],
    [T, 1001, image('image/tall.jpg', 360, 960)],
    [A, 1002, json({ id: 'voice-weekend', url: '/media/voice/weekend.m4a', duration: 6, text: '周末有什么安排吗？回答时多给一点细节。' })],
    [T, 1002, json({ id: 'voice-homework', url: '/media/voice/homework.amr', duration: 6 })],
    [A, 1002, json({ voiceUrl: '/media/voice/question.amr', duration: 4 })],
    [T, 1000, text('下面是几张不同尺寸的图片，点开可以左右滑动。')],
    // exports sometimes encode the payload twice
    [T, 1001, { obj: JSON.stringify(JSON.stringify({ url: '/media/image/square.png', width: 480, height: 480 })) }],
    [T, 1003, json({ url: '/media/video/demo.mp4', width: 320, height: 240 })],
    [A, 1004, json({ url: '/media/face/wink.gif', width: 96, height: 96 })],
    [A, 1010, json({ content: JSON.stringify({ emojiURL: '/media/face/custom.png', naturalSize: { width: 120, height: 120 } }) })],
    // the file was re-uploaded: resourceUrl wins over the stale obj.url
    [T, 1001, json({ url: '/media/image/bars-old.jpg', width: 640, height: 480 }, '/media/image/bars.jpg')],
    [
      T,
      1008,
      material(0, {
        content: '圈子动态：本周练习的五张卡片，点开看大图。',
        mediaType: 1,
        mediaData: {
          urlPrefix: 'circle',
          items: [1, 2, 3, 4, 5].map((n) => ({ domainIndex: n % 2, urlSuffix: `c${n}.jpg` })),
        },
        picDomains: ['/media', '/media/'],
        user: { nickname: '林老师', faceIcon: '/media/avatar-teacher.png' },
      }),
    ],
    [
      A,
      1008,
      material(1, {
        content: '群空间：课堂录像片段',
        mediaType: 2,
        mediaData: [{ domainIndex: 0, urlSuffix: 'demo.mp4' }],
        urlPrefix: 'video',
        mediaDomains: ['/media'],
      }),
    ],
    [T, 1008, material(0, { content: '圈子动态：今天只有文字，没有图片。', mediaType: 1, mediaData: [], picDomains: ['/media'] })],
    [A, 1000, text('<img src=x onerror=alert(1)>')],
    [T, 1009, json({ title: '如何自然地开启一段英语寒暄', icon: '/media/image/bars.jpg', url: 'https://www.example.com/articles/small-talk' })],
    [A, 1005, json({ name: '助教小雨', faceIcon: '/media/avatar-assistant.png', userId: 'wm_assistant' })],
    [T, 1006, json({ title: '人民广场', address: '上海市黄浦区人民大道 200 号', lat: 31.2304, lng: 121.4737 })],
    [A, 1007, json({ text: '助教小雨 完成了今日签到' })],
    [T, 1001, image('image/chart.png', 800, 450)],
    [A, 3000, { quoting: 6, replyText: '这段说明太有用了，已收藏。' }],
    [T, 3000, { quoting: 8, replyText: '这张长图要上下滑动才能看完。' }],
  ],
}

const AFTERNOON: Block = {
  at: chinaTime(14, 30),
  lines: [
    [T, 1014, file('课堂讲义.pdf', 'handout.pdf', 748)],
    [T, 1014, file('课后练习.docx', 'exercises.docx', 1052)],
    [A, 1014, file('课堂笔记.txt', 'notes.txt', 353)],
    [T, 1014, file('听力材料.mp3', 'listening.mp3', 63085)],
    [T, 1011, json({ title: '林老师和助教的聊天记录', icon: '/media/avatar-teacher.png', url: 'https://www.example.com/chat-record/demo-all-types' })],
    [A, 1012, json({ content: '有一条消息被举报，正在审核中。' })],
    [T, 1013, json({ groupName: '英语口语练习群', avatar: '/media/avatar-teacher.png', data: 'invite-demo-all-types' })],
    [A, 2001, json({ text: '系统：已同步到课程存档' })],
    [T, 1000, text('下面这条消息是新版本才有的类型，旧客户端会显示占位提示。')],
    [T, UNKNOWN_TYPE, json({ content: '新版本消息' })],
    [T, 1002, json({ id: 'voice-weather', url: '/media/voice/weather.mp3', duration: 4, text: '今天天气真好，对吧？', ws: WEATHER_WORDS })],
    [A, 1002, json({ id: 'voice-ending', url: '/media/voice/ending.m4a', duration: 5, text: '今天就到这里，我们下节课见。' })],
    [T, 1001, image('slide-1.png', 480, 320)],
    [A, 1001, image('image/wide.jpg', 960, 360)],
    [T, 1001, image('slide-2.png', 480, 320)],
    [A, 1001, image('slide-3.png', 480, 320)],
    [T, 1000, text('以上就是全部消息类型，感谢大家！')],
    [A, 2000, json({ text: '林老师 结束了本次课程' })],
    [A, 1000, text('下课啦 🎉')],
    [T, 1000, text('有问题随时在群里问我。')],
  ],
}

/** The quoted message in the transport form the list calls answer, as a reply's `from` JSON. */
async function quote(tx: Queryable, message: NewMessage, id: number): Promise<string> {
  const senderUserInfo = await tx.one<{ nickname: string; faceIcon: string }>('SELECT nickname, face_icon AS "faceIcon" FROM users WHERE wmid = ?', [
    message.sender,
  ])
  const { msgId, msgType, sendTime, obj } = message
  return JSON.stringify({ id, msgId, msgType, sendTime, obj, senderUserInfo })
}

/** Adds the all-types lesson to a database the main seed has filled (it needs the seed's users). */
export async function seedAllTypes(tx: Queryable): Promise<void> {
  const lesson = await tx.one<{ id: number }>(
    `INSERT INTO lessons (course_data, legacy_data, wmid, course_name, course_pic, privacy_status, create_timestamp)
     VALUES (?, 'legacy-all-types', 'wm_teacher', '全类型消息演示课', '/media/image/wide.jpg', 1, ?)
     RETURNING id`,
    [ALL_TYPES_COURSE_DATA, MORNING.at - 12 * 3600_000],
  )
  if (!lesson) throw new Error('the all-types lesson was not stored')
  const messages: NewMessage[] = []
  const ids: number[] = []
  // a reply quotes a message by its id: what comes before a reply is stored first
  const store = async (): Promise<void> => {
    ids.push(...(await insertMessages(tx, messages.slice(ids.length))))
  }
  for (const block of [MORNING, AFTERNOON]) {
    for (const [i, [sender, msgType, body]] of block.lines.entries()) {
      let stored: Stored
      if ('quoting' in body) {
        await store()
        const quoted = body.quoting - 1
        stored = json({ from: await quote(tx, messages[quoted], ids[quoted]), reply: JSON.stringify({ text: body.replyText }) })
      } else {
        stored = body
      }
      messages.push({
        lessonId: lesson.id,
        msgId: `${ALL_TYPES_COURSE_DATA}-${String(messages.length + 1).padStart(3, '0')}`,
        msgType,
        // a minute or so apart, never two at the same millisecond (the picture cursor relies on it)
        sendTime: block.at + i * 60_000 + (i % 3) * 7_000,
        sender,
        obj: stored.obj,
        resourceUrl: stored.resourceUrl ?? null,
      })
    }
  }
  await store()
}
