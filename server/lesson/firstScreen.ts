/**
 * The lesson page's first screen, written by the server into the app shell (首屏直出, issue 16):
 * the opening text messages of an open lesson, in the markup and classes the app's own rows use
 * (src/features/lesson/MessageRow.tsx, TextCell.tsx), so the reader sees them before the app's
 * scripts have run; the app removes it when its own list replaces it (src/platform/firstScreen).
 *
 * Written only where every reader sees exactly the list: an open lesson (privacyStatus 1), legal,
 * under any view limit, with no share reward tip above the list, for a browser other than WeChat's
 * (which shows its open-in-browser screen instead). The client's own rules decide that
 * (src/domain/lessonAccess.ts `decideLessonView`), on top of the server's (rules.ts
 * `decideLessonAnswer`) for an anonymous reader. It stops at the first message that is not text, a
 * notice or a playable voice: the app's other cells need the app. A voice tapped here plays once
 * the app has taken over (issue 36): the shell's tap script keeps the tap (server/core/firstScreen.ts).
 */
import type { FastifyRequest } from 'fastify'
import { FIRST_SCREEN_VOICE } from '../../src/domain/firstScreen'
import { sendTimeText, formatCreationDate, wholeSeconds } from '../../src/domain/format'
import { decideLessonView, shareRewardFen } from '../../src/domain/lessonAccess'
import { parseMessage } from '../../src/domain/message/parse'
import { foldRows } from '../../src/domain/message/rows'
import { isPlayableVoice } from '../../src/domain/message/voice'
import type { MessageRowModel } from '../../src/domain/message/rows'
import type { VoiceMessage } from '../../src/domain/message/types'
import { AVATAR_THUMBNAIL, avatarThumbnailUrl } from '../../src/domain/message/url'
import { fillPlaceholders, localeOf } from '../../src/locales'
import type { Catalog, Locale } from '../../src/locales'
import en from '../../src/locales/en'
import zhCN from '../../src/locales/zh-CN'
import { LESSON_PAGE_SIZE } from '../../types/lesson'
import type { Db } from '../core/sql'
import { escapeHtml } from '../core/html'
import { publicOrigin } from '../core/urls'
import { LessonRepository } from './data'
import { decideLessonAnswer } from './rules'
import { infoObject, wireMessage } from './wire'

/** More than a phone screen holds at 375 px: the rest of the page comes with the app. */
const MAX_ROWS = 10
/**
 * The readers' time zone, in minutes from UTC: China Standard Time (no daylight saving), where the
 * product's readers are. The app shows times in the device's zone; a reader elsewhere sees its
 * times replace these when it takes over.
 */
const READERS_ZONE = 8 * 60
/** The app route the first screen is written for (src/domain/routes.ts, route 'Lesson'). */
const LESSON_PATH = '/lesson'

const CATALOGS: Readonly<Record<Locale, Catalog>> = { 'zh-CN': zhCN, en }

/** What the first screen shows: the lesson's creation date and its opening rows. */
interface FirstScreenContent {
  /** 'YYYY-MM-DD', '' when unknown */
  created: string
  rows: readonly MessageRowModel[]
  /** the first page has voice: the app keeps a gutter for its rate button (`lesson--rail`) */
  rail: boolean
}

const el = (tag: 'taro-view-core' | 'taro-text-core', className: string, inner: string, attrs = ''): string =>
  `<${tag} class="${className}"${attrs}>${inner}</${tag}>`

/**
 * A voice bubble as VoiceCell.tsx draws it, stopped. It carries no id (the app's cell, drawn
 * beside it for a moment, has it) but FIRST_SCREEN_VOICE: the shell's tap script
 * (server/core/firstScreen.ts) keeps a tap on it for the app, which plays it once it takes over.
 */
function voiceMarkup(message: VoiceMessage, strings: Catalog): string {
  const seconds = Math.max(1, wholeSeconds(message.duration))
  const label = fillPlaceholders(strings['player.voice.label'], {
    seconds,
    name: message.sender.nickname,
    state: strings['player.voice.stopped'],
  })
  const waves = [1, 2, 3].map((n) => el('taro-view-core', `voice-cell__wave voice-cell__wave--${n}`, '')).join('')
  const bubble = el(
    'taro-view-core',
    'bubble bubble--voice voice-cell voice-cell--stopped',
    el('taro-view-core', 'voice-cell__icon', waves, ' aria-hidden="true"') +
      el('taro-text-core', 'voice-cell__duration', `${seconds}″`, ' aria-hidden="true"'),
    ` style="width:${Math.min(100, 30 + seconds * 2)}%" role="button" tabindex="0" aria-pressed="false"` +
      ` aria-label="${escapeHtml(label)}" ${FIRST_SCREEN_VOICE}="${escapeHtml(message.msgId)}"`,
  )
  return el('taro-view-core', 'voice-cell-box', bubble)
}

function rowMarkup({ message, showAvatar }: MessageRowModel, strings: Catalog, now: number): string {
  if (message.kind === 'notification') {
    return el('taro-view-core', 'message-row message-row--notice', el('taro-text-core', 'message-row__notice', escapeHtml(message.text)))
  }
  const nickname = escapeHtml(message.sender.nickname)
  const face = message.sender.faceIcon
  const avatar = !showAvatar
    ? ''
    : face
      ? `<taro-image-core class="message-row__avatar"><img alt="${nickname}" class="taro-img__mode-aspectfill taro-img__mode-aspectfill--height" src="${escapeHtml(avatarThumbnailUrl(face, AVATAR_THUMBNAIL.row))}"></taro-image-core>`
      : el('taro-view-core', 'message-row__avatar message-row__avatar--blank', '')
  const time = sendTimeText(message.sendTime, { morning: strings['lesson.period.morning'], afternoon: strings['lesson.period.afternoon'] }, now, READERS_ZONE)
  const timeMarkup = time ? el('taro-text-core', 'message-row__time', escapeHtml(time)) : ''
  const meta = showAvatar
    ? el('taro-view-core', 'message-row__meta', el('taro-text-core', 'message-row__nickname', nickname) + timeMarkup)
    : el('taro-view-core', 'message-row__meta message-row__meta--compact', timeMarkup)
  const text = message.kind === 'text' ? message.text : ''
  const body = isPlayableVoice(message)
    ? voiceMarkup(message, strings)
    : el('taro-view-core', 'cell-text', el('taro-view-core', 'bubble bubble--text', el('taro-text-core', 'bubble__text', escapeHtml(text), ' user-select="true"')))
  return el(
    'taro-view-core',
    'message-row',
    el('taro-view-core', 'message-row__avatar-box', avatar) + el('taro-view-core', 'message-row__main', meta + body),
    ` data-msg-id="${escapeHtml(message.msgId)}"`,
  )
}

/**
 * The first screen's markup: `.lesson` with the creation date and the rows, as the app's lesson
 * page lays them out. `now` decides which send times show their date (as in the app).
 */
function firstScreenMarkup(content: FirstScreenContent, locale: Locale, now: number): string {
  const strings = CATALOGS[locale]
  const created = content.created
    ? el('taro-view-core', 'lesson__created', escapeHtml(fillPlaceholders(strings['lesson.createdAt'], { date: content.created })))
    : ''
  const rows = content.rows.map((row) => rowMarkup(row, strings, now)).join('')
  const list = el('taro-view-core', 'ui-paged-list', el('taro-view-core', 'ui-paged-list__items lesson__list', rows))
  return el('taro-view-core', content.rail ? 'lesson lesson--rail' : 'lesson', created + list)
}

/** The opening rows the first screen can show: text, notices and voices, up to the first other message. */
function openingRows(rows: readonly MessageRowModel[]): MessageRowModel[] {
  const shown: MessageRowModel[] = []
  for (const row of rows) {
    const kind = row.message.kind
    if (shown.length === MAX_ROWS || (kind !== 'text' && kind !== 'notification' && !isPlayableVoice(row.message))) break
    shown.push(row)
  }
  return shown
}

/** The first language of an Accept-Language header ('en-US,en;q=0.9' gives 'en-US'). */
const firstLanguage = (header: string | undefined): string | undefined => header?.split(',', 1)[0]?.split(';', 1)[0]?.trim()

/**
 * The first screen of `GET /lesson?courseData=…` for this request, or undefined when the page
 * gets the plain app shell (another page, another link form, a lesson not open to everyone).
 */
export function createLessonFirstScreen(db: Db): (request: FastifyRequest) => Promise<string | undefined> {
  const lessons = new LessonRepository(db)
  return async (request) => {
    const [path, search = ''] = (request.raw.url ?? '').split('?', 2)
    if (path !== LESSON_PATH) return undefined
    const query = new URLSearchParams(search)
    const courseData = query.get('courseData')
    // the app reads `data` and `isPayLesson` too: those links go through other screens first
    if (!courseData || query.has('data') || query.has('isPayLesson')) return undefined
    const lesson = await lessons.findByCourseData(courseData)
    if (!lesson) return undefined
    const access = decideLessonAnswer(lesson, { wmid: null, hasBought: false }, 'messages', undefined)
    if (!access.granted || access.limit !== null) return undefined
    const origin = publicOrigin(request)
    const info = infoObject(lesson, false, origin)
    if (info.illegal !== 0 || shareRewardFen(info) !== undefined) return undefined
    const inWechatBrowser = /MicroMessenger/i.test(request.headers['user-agent'] ?? '')
    const view = decideLessonView({ info, env: { inWechatBrowser }, session: {} })
    if (view.view !== 'list' || view.mode !== 'full') return undefined
    const messages = (await lessons.messages(lesson.id, 0, LESSON_PAGE_SIZE)).map((m) => parseMessage(wireMessage(m, origin)))
    const rows = openingRows(foldRows(messages).rows)
    if (rows.length === 0) return undefined
    const content: FirstScreenContent = {
      created: formatCreationDate(info.createTimestamp, READERS_ZONE),
      rows,
      // the app's rail shows while its first page (all of it, not only these rows) has a voice to play
      rail: messages.some(isPlayableVoice),
    }
    return firstScreenMarkup(content, localeOf(firstLanguage(request.headers['accept-language'])), Date.now())
  }
}
