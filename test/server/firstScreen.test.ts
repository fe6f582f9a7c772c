/**
 * The lesson page's first screen (server/lesson/firstScreen.ts, server/core/firstScreen.ts): a
 * `/lesson?courseData=…` page request gets the lesson's opening text rows in its shell, only for
 * a lesson every reader sees in full, escaped, without side effects; every other page request
 * gets the built shell unchanged. A small stand-in build in a temporary folder, shaped as Taro's.
 */
import fs from 'fs'
import os from 'os'
import path from 'path'
import zlib from 'zlib'
import type { FastifyInstance } from 'fastify'
import { firstScreenStyle, withFirstScreen } from '../../server/core/firstScreen'
import { LessonRepository } from '../../server/lesson/data'
import { FIRST_SCREEN_CLASSES, FIRST_SCREEN_ELEMENTS } from '../../src/domain/firstScreen'
import { parseMessage } from '../../src/domain/message/parse'
import type { WireMessage } from '../../types/lesson'
import { V2_INFO, V2_LIST, post, testApp } from './helpers'

const SHELL =
  '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>课程回放</title>' +
  '<script defer="defer" src="/js/1453.aaaaaaaa.js"></script><script defer="defer" src="/js/app.bbbbbbbb.js"></script>' +
  '<link href="/css/app.cccccccc.css" rel="stylesheet"></head><body><div id="app"></div></body></html>'
const PAGE_STYLE = '.message-row{display:flex}.bubble{background:#fff}'

let dir: string
let app: FastifyInstance

type SeedMessage = { text?: string; obj?: string; msgType?: number; msgId?: string; sender?: string }

/** An open lesson by wm_teacher with these messages (text unless a msgType is given), a minute apart; `columns` set more of its row. */
async function addLesson(courseData: string, messages: readonly SeedMessage[], columns: Record<string, number> = {}): Promise<void> {
  const names = Object.keys(columns)
  const lesson = await app.db.one<{ id: number }>(
    `INSERT INTO lessons (course_data, wmid, course_name, privacy_status, create_timestamp${names.map((n) => `, ${n}`).join('')})
     VALUES (?, 'wm_teacher', ?, 1, ?${names.map(() => ', ?').join('')}) RETURNING id`,
    [courseData, courseData, Date.UTC(2024, 2, 8), ...Object.values(columns)],
  )
  if (!lesson) throw new Error(`lesson ${courseData} was not stored`)
  await new LessonRepository(app.db).addMessages(
    messages.map((m, i) => ({
      lessonId: lesson.id,
      msgId: m.msgId ?? `${courseData}-${i}`,
      msgType: m.msgType ?? 1000,
      sendTime: Date.UTC(2024, 2, 9, 1, i),
      sender: m.sender ?? 'wm_teacher',
      obj: m.obj ?? JSON.stringify({ content: m.text }),
    })),
  )
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-screen-'))
  fs.writeFileSync(path.join(dir, 'index.html'), SHELL)
  fs.writeFileSync(path.join(dir, 'first-screen.json'), JSON.stringify({ style: PAGE_STYLE }))
  app = await testApp(dir)
})
afterAll(async () => {
  await app.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers })

/** The first screen's element, or undefined when the answer is the plain shell. */
const firstScreenOf = (html: string): string | undefined => /<div id="first-screen" tabindex="0">([\s\S]*?)<\/div><div id="app">/.exec(html)?.[1]

const unescape = (html: string) =>
  html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')

/** The rows' msgIds and bubble texts, in order. */
function rowsOf(markup: string): Array<{ msgId: string; text: string }> {
  return [...markup.matchAll(/data-msg-id="([^"]*)">[\s\S]*?<taro-text-core class="bubble__text" user-select="true">([\s\S]*?)<\/taro-text-core>/g)].map((m) => ({
    msgId: unescape(m[1]),
    text: unescape(m[2]),
  }))
}

describe('the first screen of an open lesson', () => {
  it('shows the opening text rows of the list, in order, as the list answers them', async () => {
    const res = await get('/lesson?courseData=demo-open')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['cache-control']).toBe('no-cache')
    const markup = firstScreenOf(res.body)
    expect(markup).toBeDefined()
    const list = await post<{ array: WireMessage[] }>(app, V2_LIST, { courseData: 'demo-open', page: 1, pageSize: 20 })
    const messages = list.body.data.array.map(parseMessage)
    const opening = messages.slice(0, messages.findIndex((m) => m.kind !== 'text')).slice(0, 10)
    expect(opening.length).toBeGreaterThan(0)
    expect(rowsOf(markup ?? '')).toEqual(opening.map((m) => ({ msgId: m.msgId, text: m.kind === 'text' ? m.text : '' })))
  })

  it('writes the rows in the classes of the app\'s rows, with the avatar and nickname once per sender run', async () => {
    const markup = firstScreenOf((await get('/lesson?courseData=demo-open')).body) ?? ''
    expect(markup.startsWith('<taro-view-core class="lesson">')).toBe(true)
    expect(markup).toContain('<taro-view-core class="lesson__created">创建于 2024-03-08</taro-view-core>')
    // demo-open opens with three messages of the teacher, then two of the assistant
    expect(markup.match(/class="message-row__nickname"/g)).toHaveLength(
      [...markup.matchAll(/<img alt="[^"]+" class="taro-img__mode-aspectfill/g)].length,
    )
    expect([...markup.matchAll(/class="message-row__nickname">([^<]*)</g)].map((m) => m[1]).slice(0, 2)).toEqual(['林老师', '助教小雨'])
    // send times read in China Standard Time, as the seed wrote them
    expect(markup).toContain('<taro-text-core class="message-row__time">2024-03-09 上午 9:00</taro-text-core>')
  })

  it('takes the scripts out of the parse: preloaded, started in their order after the first frame', async () => {
    const html = (await get('/lesson?courseData=demo-open')).body
    expect(html).not.toContain('<script defer')
    expect(html).toContain('<link rel="preload" as="script" href="/js/1453.aaaaaaaa.js"><link rel="preload" as="script" href="/js/app.bbbbbbbb.js">')
    expect(html).toContain('var s=["/js/1453.aaaaaaaa.js","/js/app.bbbbbbbb.js"]')
    expect(html).toContain('requestAnimationFrame(')
    // the page's rules inline: the shell's own stylesheet is the only one linked
    expect(html).toContain(`<style>${PAGE_STYLE}#first-screen{`)
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1)
  })

  it('uses only the classes and elements whose rules the build keeps for it (src/domain/firstScreen.ts)', async () => {
    await addLesson('fs-kinds', [
      { text: 'one' },
      { text: 'two', sender: 'wm_assistant' },
      { msgType: 2000, obj: JSON.stringify({ content: '助教小雨 加入了群聊' }) },
      { msgType: 1002, obj: JSON.stringify({ url: '/media/voice/demo.mp3', duration: 3 }) },
    ])
    await app.db.run("INSERT INTO users (wmid, nickname, face_icon) VALUES ('wm_faceless', 'no face', '')")
    await addLesson('fs-faceless', [{ text: 'hello', sender: 'wm_faceless' }])
    for (const url of ['/lesson?courseData=demo-open', '/lesson?courseData=fs-kinds', '/lesson?courseData=fs-faceless']) {
      const markup = firstScreenOf((await get(url)).body) ?? ''
      expect(markup).not.toBe('')
      if (url.endsWith('fs-kinds')) expect(markup).toMatch(/lesson--rail[\s\S]*message-row--notice/)
      if (url.endsWith('fs-faceless')) expect(markup).toContain('message-row__avatar--blank')
      const classes = [...markup.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(' '))
      const elements = [...markup.matchAll(/<([a-z][\w-]*)/g)].map((m) => m[1])
      expect(classes.filter((c) => !FIRST_SCREEN_CLASSES.includes(c))).toEqual([])
      expect(elements.filter((e) => !FIRST_SCREEN_ELEMENTS.includes(e))).toEqual([])
    }
  })

  it('is gzipped for a browser that takes gzip, and says it varies with that, the language and the browser', async () => {
    const plain = await get('/lesson?courseData=demo-open')
    const gzip = await get('/lesson?courseData=demo-open', { 'accept-encoding': 'gzip, deflate, br' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.headers.vary).toBe('accept-encoding, accept-language, user-agent')
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
  })

  it('speaks the reader\'s first language: English when it is English, zh-CN otherwise', async () => {
    const en = firstScreenOf((await get('/lesson?courseData=demo-open', { 'accept-language': 'en-US,en;q=0.9,zh;q=0.8' })).body) ?? ''
    expect(en).toContain('Created 2024-03-08')
    expect(en).toContain('2024-03-09 AM 9:00')
    const other = firstScreenOf((await get('/lesson?courseData=demo-open', { 'accept-language': 'fr-FR,en;q=0.5' })).body) ?? ''
    expect(other).toContain('创建于 2024-03-08')
  })

  it('keeps the rate button\'s gutter when the first page has a voice, and stops at the first row that is not text', async () => {
    await addLesson('fs-voice', [
      { text: 'one' },
      { text: 'two' },
      { msgType: 1001, obj: JSON.stringify({ url: '/media/slide-1.png', width: 10, height: 10 }) },
      { msgType: 1002, obj: JSON.stringify({ url: '/media/voice/demo.mp3', duration: 3 }) },
    ])
    const markup = firstScreenOf((await get('/lesson?courseData=fs-voice')).body) ?? ''
    expect(markup.startsWith('<taro-view-core class="lesson lesson--rail">')).toBe(true)
    expect(rowsOf(markup).map((r) => r.text)).toEqual(['one', 'two'])
    expect(markup).not.toContain('voice-cell')
  })

  it('draws a playable voice as a stopped voice bubble the tap script knows, named for a screen reader (issue 36)', async () => {
    await addLesson('fs-tap', [
      { text: 'listen:' },
      { msgType: 1002, msgId: 'fs-tap-"voice"', obj: JSON.stringify({ url: '/media/voice/demo.mp3', duration: 12.4 }) },
      { msgType: 1002, obj: JSON.stringify({ url: '', duration: 3 }) },
      { text: 'after the unplayable voice' },
    ])
    const markup = firstScreenOf((await get('/lesson?courseData=fs-tap')).body) ?? ''
    const bubbles = [...markup.matchAll(/<taro-view-core class="bubble bubble--voice voice-cell voice-cell--stopped"([^>]*)>/g)].map((m) => m[1])
    expect(bubbles).toHaveLength(1)
    expect(bubbles[0]).toContain('role="button" tabindex="0" aria-pressed="false"')
    expect(bubbles[0]).toContain('style="width:54%"')
    expect(bubbles[0]).toContain('aria-label="语音，12 秒，来自 林老师，未播放"')
    expect(bubbles[0]).toContain('data-first-voice="fs-tap-&quot;voice&quot;"')
    // no id: the app's own cell carries voice-<msgId> while both are drawn
    expect(bubbles[0]).not.toContain(' id=')
    expect(markup).toContain('<taro-text-core class="voice-cell__duration" aria-hidden="true">12″</taro-text-core>')
    // the voice without a file is not drawn here, nor anything after it
    expect(markup).not.toContain('after the unplayable voice')
  })

  it('has the tap script in the head, before any row is parsed', async () => {
    const html = (await get('/lesson?courseData=demo-open')).body
    const script = html.indexOf('window.__firstScreenTaps=')
    expect(script).toBeGreaterThan(0)
    expect(script).toBeLessThan(html.indexOf('</head>'))
    expect(html.indexOf('<div id="first-screen"')).toBeGreaterThan(html.indexOf('</head>'))
  })

  it('is the plain shell for a lesson opening with a message the app alone can draw', async () => {
    await addLesson('fs-picture', [{ msgType: 1001, obj: JSON.stringify({ url: '/media/slide-1.png', width: 10, height: 10 }) }, { text: 'later' }])
    expect((await get('/lesson?courseData=fs-picture')).body).toBe(SHELL)
  })

  it('escapes what a message, a nickname or a msgId carries, and keeps `$&` and the like as text', async () => {
    await app.db.run("INSERT INTO users (wmid, nickname, face_icon) VALUES ('wm_hostile', ?, ?)", ['"><img src=x onerror=alert(1)>', '/media/a.png" onload="alert(2)'])
    await addLesson('fs-hostile', [
      { text: '</taro-text-core><script>alert(3)</script>', sender: 'wm_hostile', msgId: 'id"><script>alert(4)</script>' },
      { text: "$& $' $` $1 </body></head>" },
    ])
    const html = (await get('/lesson?courseData=fs-hostile')).body
    const markup = firstScreenOf(html) ?? ''
    expect(markup).not.toMatch(/<script|<img src=x|onload="alert/)
    expect(rowsOf(markup)).toEqual([
      { msgId: 'id"><script>alert(4)</script>', text: '</taro-text-core><script>alert(3)</script>' },
      { msgId: 'fs-hostile-1', text: "$& $' $` $1 </body></head>" },
    ])
    // the shell's own tags are where they were: one head end, one body end, the loader last
    expect(html.match(/<\/head>/g)).toHaveLength(1)
    expect(html.match(/<\/body>/g)).toHaveLength(1)
  })

  it('has no side effect: a lesson with a view limit counts no view for it', async () => {
    await addLesson('fs-limited', [{ text: 'hello' }], { view_limit: 5 })
    const views = async () => (await app.db.one<{ n: number }>("SELECT view_count AS n FROM lessons WHERE course_data = 'fs-limited'"))?.n
    expect(firstScreenOf((await get('/lesson?courseData=fs-limited')).body)).toBeDefined()
    expect(await views()).toBe(0)
    await post(app, V2_INFO, { courseData: 'fs-limited' })
    expect(await views()).toBe(1)
  })

  it('answers 50 concurrent requests with the same page', async () => {
    const pages = await Promise.all(Array.from({ length: 50 }, () => get('/lesson?courseData=demo-open')))
    expect(new Set(pages.map((p) => p.body)).size).toBe(1)
    expect(firstScreenOf(pages[0].body)).toBeDefined()
  })
})

describe('the plain shell, wherever not every reader sees the list', () => {
  const plain = [
    ['a password lesson', '/lesson?courseData=demo-password'],
    ['a paid lesson', '/lesson?courseData=demo-paid'],
    ['an illegal lesson', '/lesson?courseData=demo-illegal'],
    ['a lesson over its view limit', '/lesson?courseData=demo-viewlimit'],
    ['an unknown lesson', '/lesson?courseData=no-such-lesson'],
    ['no courseData', '/lesson'],
    ['an empty courseData', '/lesson?courseData='],
    ['an old link beside it', '/lesson?courseData=demo-open&data=legacy-open'],
    ['the pay form of the link', '/lesson?courseData=demo-open&isPayLesson=1'],
    ['another path of the lesson page', '/playLesson?courseData=demo-open'],
    ['the path form of the pay link', '/lesson/1?courseData=demo-open'],
    ['another page', '/me?courseData=demo-open'],
    ['a hostile courseData', `/lesson?courseData=${encodeURIComponent("demo-open' OR 1=1 --")}`],
    ['a very long courseData', `/lesson?courseData=${'x'.repeat(8000)}`],
  ] as const
  it.each(plain)('%s', async (_what, url) => {
    const res = await get(url)
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(SHELL)
  })

  it('a lesson that pays a share reward (its tip sits above the list)', async () => {
    await addLesson('fs-reward', [{ text: 'hello' }], { is_checked_share_recash: 1, share_recash: 100 })
    expect((await get('/lesson?courseData=fs-reward')).body).toBe(SHELL)
  })

  it('WeChat\'s in-app browser, which shows its open-in-browser screen instead', async () => {
    const ua = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.44'
    expect((await get('/lesson?courseData=demo-open', { 'user-agent': ua })).body).toBe(SHELL)
  })
})

describe('withFirstScreen', () => {
  it('leaves a shell of another shape to the caller (undefined): no deferred script, no head or body', () => {
    expect(withFirstScreen('<html><head></head><body><script src="/a.js"></script></body></html>', 'x', '')).toBeUndefined()
    expect(withFirstScreen('<script defer="defer" src="/a.js"></script><div id="app"></div>', 'x', '')).toBeUndefined()
  })

  it('places the screen first in the body, with its style in the head', () => {
    const html = withFirstScreen(SHELL, '<b>x</b>', '') ?? ''
    expect(html).toContain('<style>#first-screen{position:fixed;')
    expect(html).toContain('<div id="first-screen" tabindex="0"><b>x</b></div><div id="app"></div>')
  })

  it("takes the build's rules, and none from a broken manifest or rules that could close the style element", () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'first-screen-manifest-'))
    const write = (content: string) => fs.writeFileSync(path.join(other, 'first-screen.json'), content)
    try {
      write(JSON.stringify({ style: '.a{color:red}' }))
      expect(firstScreenStyle(other)).toBe('.a{color:red}')
      for (const style of ['.a{}</style><script>alert(1)</script>', '.a{}</STYLE>', 7, null]) {
        write(JSON.stringify({ style }))
        expect(firstScreenStyle(other)).toBe('')
      }
      write('{ not json')
      expect(firstScreenStyle(other)).toBe('')
      fs.rmSync(path.join(other, 'first-screen.json'))
      expect(firstScreenStyle(other)).toBe('')
    } finally {
      fs.rmSync(other, { recursive: true, force: true })
    }
  })
})
