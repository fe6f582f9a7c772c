/**
 * The server's first screen of a lesson (H5, src/platform/firstScreen): it stays above the lesson
 * screen while the lesson opens, and goes in the commit that draws what replaces it (the rows, an
 * error, the password lock) or when the screen closes. Only the transport's request is faked
 * (fakeBackend); the real client, api, stores and screen run on Taro's H5 runtime.
 */
import type { ApiEnvelope } from '../../../types/api'
import { LessonScreen } from '../../../src/features/lesson/LessonScreen'
import { t } from '../../../src/locales'
import { WithStores } from '../appStores'
import { lessonInfo } from '../../fixtures/lessonInfo'
import { fakeBackend, ok, purchaseStores, refuse, type Handler } from '../purchase/support'
import { $$, cleanup, deferred, render, text, until } from '../ui/harness'

const INFO = '/wmim/course/v2/query/info.do'
const LIST = '/wmim/course/v2/message/list.do'
const message = (id: number) => ({ id, msgId: `m${id}`, msgType: 1000, sendTime: id, obj: JSON.stringify({ content: `line ${id}` }) })

const firstScreen = () => document.getElementById('first-screen')

/** How many rows the lesson screen had drawn when the first screen left the page (null: it has not). */
let rowsWhenRemoved: number | null
let observer: MutationObserver

beforeEach(() => {
  const element = document.body.appendChild(document.createElement('div'))
  element.id = 'first-screen'
  element.innerHTML = '<taro-view-core class="message-row">line 1</taro-view-core>'
  rowsWhenRemoved = null
  observer = new MutationObserver(() => {
    if (rowsWhenRemoved === null && !firstScreen()) rowsWhenRemoved = $$('#app-root .message-row').length
  })
  observer.observe(document.body, { childList: true, subtree: true })
})

afterEach(async () => {
  observer.disconnect()
  await cleanup()
  firstScreen()?.remove()
})

async function openLesson(routes: Record<string, Handler>) {
  const { app, lessonStore } = purchaseStores(fakeBackend(routes))
  return render(
    <div id='app-root'>
      <WithStores stores={app}>
        <LessonScreen link={{ kind: 'v2', courseData: 'c1' }} store={lessonStore} />
      </WithStores>
    </div>,
  )
}

describe('the first screen written by the server', () => {
  it('stays while the lesson opens and goes in the commit that draws the rows', async () => {
    const list = deferred<ApiEnvelope>()
    await openLesson({ [INFO]: () => ok({ object: lessonInfo() }), [LIST]: () => list.promise })
    await until(() => expect(text('.state-view')).toContain(t('common.loading')))
    expect(firstScreen()).not.toBeNull()

    list.resolve(ok({ array: [1, 2, 3].map(message) }))
    await until(() => expect($$('#app-root .message-row')).toHaveLength(3))
    expect(firstScreen()).toBeNull()
    // never a frame between the two: the rows were in the page when it went
    expect(rowsWhenRemoved).toBe(3)
  })

  it('goes when the lesson cannot load, and the error shows', async () => {
    await openLesson({ [INFO]: () => ok({ object: lessonInfo() }), [LIST]: () => refuse(500, 'server error') })
    await until(() => expect(text('.state-view')).toContain(t('lesson.loadError')))
    expect(firstScreen()).toBeNull()
  })

  it('goes for the password lock of a lesson that needs one', async () => {
    await openLesson({ [INFO]: () => ok({ object: lessonInfo({ privacyStatus: 2 }) }) })
    await until(() => expect($$('.password-lock')).toHaveLength(1))
    expect(firstScreen()).toBeNull()
  })

  it('goes when the screen closes before the lesson has opened', async () => {
    const info = deferred<ApiEnvelope>()
    const screen = await openLesson({ [INFO]: () => info.promise })
    expect(firstScreen()).not.toBeNull()
    await screen.unmount()
    expect(firstScreen()).toBeNull()
  })
})
