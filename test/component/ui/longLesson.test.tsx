/**
 * A long lesson mounts only the rows near the screen (issue 16), and what finds a row still
 * works: locating the playing voice mounts its row and scrolls to it. Taro.pageScrollTo is
 * faked (the platform edge: jsdom has no layout or scrolling); the list, the stores and the
 * player are the real ones over a fake backend and the fake audio engine.
 */
import Taro from '@tarojs/taro'
import { act } from 'react'
import { LessonScreen } from '../../../src/features/lesson/LessonScreen'
import { voiceAnchorId } from '../../../src/features/player/scroll'
import { MAX_MOUNTED_ROWS } from '../../../src/ui/WindowedItems'
import { WithStores } from '../appStores'
import { lessonInfo } from '../../fixtures/lessonInfo'
import { fakeBackend, ok, purchaseStores } from '../purchase/support'
import { $$, cleanup, press, render, until } from './harness'

const MESSAGES = 400
const PAGE_SIZE = 20

/** Every 10th message is a voice, the others text. */
const message = (id: number) =>
  id % 10 === 0
    ? { id, msgId: `m${id}`, msgType: 1002, sendTime: id, obj: JSON.stringify({ url: `https://cdn.example.com/v${id}.mp3`, duration: 5 }) }
    : { id, msgId: `m${id}`, msgType: 1000, sendTime: id, obj: JSON.stringify({ content: `line ${id}` }) }

async function longLesson() {
  const backend = fakeBackend({
    '/wmim/course/v2/query/info.do': () => ok({ object: lessonInfo() }),
    '/wmim/course/v2/message/list.do': (body) => {
      const first = (Number(body.page) - 1) * PAGE_SIZE + 1
      const ids = Array.from({ length: PAGE_SIZE }, (_, i) => first + i).filter((id) => id <= MESSAGES)
      return ok({ array: ids.map(message) })
    },
  })
  const { app, lessonStore } = purchaseStores(backend)
  await render(
    <WithStores stores={app}>
      <LessonScreen link={{ kind: 'v2', courseData: 'demo-open' }} store={lessonStore} />
    </WithStores>,
  )
  await until(() => expect(lessonStore.status).toBe('ready'))
  await act(async () => {
    while (!lessonStore.loadEnd) await lessonStore.loadMore()
  })
  return { app, lessonStore }
}

const shownIds = (): string[] => $$('.message-row[data-msg-id]').map((row) => row.dataset.msgId ?? '')

let scrollTo: jest.SpyInstance
beforeEach(() => {
  scrollTo = jest.spyOn(Taro, 'pageScrollTo').mockResolvedValue({ errMsg: 'pageScrollTo:ok' })
})
afterEach(async () => {
  await cleanup()
  scrollTo.mockRestore()
})

describe('a long lesson', () => {
  it('mounts a bounded window of rows from the top, with the rest as spacers', async () => {
    const { lessonStore } = await longLesson()
    expect(lessonStore.displayed).toHaveLength(MESSAGES)
    const shown = shownIds()
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.length).toBeLessThanOrEqual(MAX_MOUNTED_ROWS)
    expect(shown[0]).toBe('m1')
    expect(shown).not.toContain(`m${MESSAGES}`)
    const spacers = $$('.ui-windowed-spacer')
    expect(spacers).toHaveLength(2)
    expect(parseFloat(spacers[1].style.height)).toBeGreaterThan(0)
  })

  it('keeps the rows already shown when a page is appended', async () => {
    const { lessonStore } = await longLesson()
    const first = $$('.message-row')[0]
    await act(async () => {
      await lessonStore.loadMore()
    })
    expect($$('.message-row')[0]).toBe(first)
  })

  it('locate current playback mounts the playing voice far down the list and scrolls to it', async () => {
    const { app } = await longLesson()
    const target = `m${MESSAGES - 10}`
    await act(async () => {
      await app.player.playVoice(target)
    })
    expect(document.getElementById(voiceAnchorId(target))).toBeNull()

    await press('.audio-panel__locate')
    await until(() => expect(document.getElementById(voiceAnchorId(target))).not.toBeNull())
    expect(shownIds().length).toBeLessThanOrEqual(MAX_MOUNTED_ROWS)
    expect(shownIds()).not.toContain('m1')
    await until(() => expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ selector: `#${voiceAnchorId(target)}-box` })))
  })
})
