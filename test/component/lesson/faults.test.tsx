/**
 * The lesson viewer under faults (issue 17, items 1-3): a later page that fails or times out, a
 * lesson whose message count is a multiple of the page size, unlocking with the network down, and
 * the greyed apply button. Only the transport's request is faked (fakeBackend); the real client,
 * api, stores and screens run.
 */
import { HOOKS_APP_ID, safeExecute } from '@tarojs/runtime'
import { act } from 'react'
import Taro from '@tarojs/taro'
import type { ApiEnvelope } from '../../../types/api'
import { REQUEST_TIMEOUT_MS } from '../../../src/api/client'
import { LessonScreen } from '../../../src/features/lesson/LessonScreen'
import { t } from '../../../src/locales'
import { WithStores } from '../appStores'
import { lessonInfo } from '../../fixtures/lessonInfo'
import { fakeBackend, ok, purchaseStores, refuse, type Handler } from '../purchase/support'
import { $, $$, cleanup, press, render, text, typeInto, until } from '../ui/harness'

const message = (id: number) => ({ id, msgId: `m${id}`, msgType: 1000, sendTime: id, obj: JSON.stringify({ content: `line ${id}` }) })
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
const INFO = '/wmim/course/v2/query/info.do'
const LIST = '/wmim/course/v2/message/list.do'
const APPLY = '/wmim/course/apply.do'

/** The network is down: the request itself fails, as Taro.request does without a connection. */
const unreachable: Handler = () => Promise.reject(new Error('request:fail'))

async function openLesson(routes: Record<string, Handler>, opts: { wechat?: boolean } = {}) {
  const backend = fakeBackend(routes)
  const { app, lessonStore } = purchaseStores(backend, opts)
  await render(
    <WithStores stores={app}>
      <LessonScreen link={{ kind: 'v2', courseData: 'c1' }} store={lessonStore} />
    </WithStores>,
  )
  return backend
}

const reachBottom = () => act(async () => void safeExecute(HOOKS_APP_ID, 'onReachBottom'))

afterEach(cleanup)

describe('loading more (item 1)', () => {
  it('says the page failed with the network down, once, and the retry loads it', async () => {
    let down = true
    const backend = await openLesson({
      [INFO]: () => ok({ object: lessonInfo() }),
      [LIST]: (body) => (body.page === '1' ? ok({ array: range(1, 20).map(message) }) : down ? unreachable(body) : ok({ array: range(21, 25).map(message) })),
    })
    await until(() => expect($$('.message-row')).toHaveLength(20))

    await reachBottom()
    await until(() => expect(text('.lesson-footer--error')).toContain('network'))
    // the footer is the one message: the transport does not toast it as well
    expect(backend.toasts).toEqual([])
    expect($$('.message-row')).toHaveLength(20)

    down = false
    await press('.lesson-footer--error .ui-paged-list__retry')
    await until(() => expect(text('.lesson-footer--end')).toBe(t('lesson.footer')))
    expect($$('.message-row')).toHaveLength(25)
  })

  it('says so when page 2 does not answer within the transport timeout', async () => {
    await openLesson({
      [INFO]: () => ok({ object: lessonInfo() }),
      [LIST]: (body) => (body.page === '1' ? ok({ array: range(1, 20).map(message) }) : new Promise<ApiEnvelope>(() => undefined)),
    })
    await until(() => expect($$('.message-row')).toHaveLength(20))

    // only the clock: Taro's components (Stencil) schedule their rendering on animation frames
    jest.useFakeTimers({ doNotFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'queueMicrotask', 'nextTick', 'setImmediate'] })
    try {
      await reachBottom()
      expect(text('.ui-paged-list__footer--loading')).toBe(t('lesson.loadingMore'))
      await act(() => jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS))
    } finally {
      jest.useRealTimers()
    }
    await until(() => expect(text('.lesson-footer--error')).toContain('timeout'))
    expect($('.lesson-footer--error .ui-paged-list__retry')).toBeTruthy()
    expect(document.querySelector('.ui-paged-list__footer--loading')).toBeNull()
  })

  it('shows the end after the final 404 of a lesson whose count is a multiple of 20', async () => {
    await openLesson({
      [INFO]: () => ok({ object: lessonInfo() }),
      [LIST]: (body) => (body.page === '1' || body.page === '2' ? ok({ array: range(Number(body.page) * 20 - 19, Number(body.page) * 20).map(message) }) : refuse(404, 'no more')),
    })
    await until(() => expect($$('.message-row')).toHaveLength(20))
    expect(document.querySelector('.lesson-footer--end')).toBeNull()

    await reachBottom()
    await until(() => expect($$('.message-row')).toHaveLength(40))
    expect(document.querySelector('.lesson-footer--end')).toBeNull()

    await reachBottom()
    await until(() => expect(text('.lesson-footer--end')).toBe(t('lesson.footer')))
    expect($$('.message-row')).toHaveLength(40)
  })
})

describe('unlocking with the network down (item 2)', () => {
  it('tells the user once and keeps the lock', async () => {
    const backend = await openLesson({
      [INFO]: () => ok({ object: lessonInfo({ privacyStatus: 2 }) }),
      [LIST]: unreachable,
    })
    // Taro's input renders its native input a frame later
    await until(() => expect(document.querySelector('.password-lock__field input')).not.toBeNull())
    await typeInto('.password-lock__field', '8888')
    await press('.password-lock__unlock')
    await until(() => expect(backend.toasts).toEqual(['network']))
    expect($('.password-lock')).toBeTruthy()
    expect(document.querySelector('.password-lock__error')?.textContent ?? '').not.toContain('network')
  })
})

describe('the submitted apply button (item 3)', () => {
  it('calls apply.do once: the greyed button posts nothing more', async () => {
    const backend = await openLesson(
      {
        [INFO]: () => ok({ object: lessonInfo({ applyType: 0 }) }),
        [APPLY]: () => ok(null),
      },
      { wechat: true },
    )
    await until(() => expect(text('.open-in-browser__apply')).toBe(t('access.openInBrowser.apply')))
    await press('.open-in-browser__apply')
    await until(() => expect(text('.open-in-browser__apply')).toBe(t('access.openInBrowser.applied')))
    await press('.open-in-browser__apply')
    await press('.open-in-browser__apply')
    expect(backend.calls.filter((c) => c.path === APPLY)).toHaveLength(1)
  })
})

describe('error states have a page title (item 4)', () => {
  const titles = () => (Taro.setNavigationBarTitle as unknown as jest.Mock).mock.calls.map(([o]: [{ title: string }]) => o.title)
  beforeEach(() => jest.spyOn(Taro, 'setNavigationBarTitle'))
  afterEach(() => jest.restoreAllMocks())

  it('a link naming no lesson (a bare /playLesson)', async () => {
    const { app, lessonStore } = purchaseStores(fakeBackend({}))
    await render(
      <WithStores stores={app}>
        <LessonScreen link={null} store={lessonStore} />
      </WithStores>,
    )
    expect(text('.state-view__title')).toBe(t('lesson.badLink'))
    expect(titles()).toEqual([t('lesson.badLink')])
  })

  it('a missing lesson, and one whose info fails', async () => {
    await openLesson({ [INFO]: () => refuse(404, 'course does not exist') })
    // while it loads the page is titled a lesson (issue 30 item 11), then names its state
    await until(() => expect(titles()).toEqual([t('route.lesson'), t('lesson.notExist')]))
    await cleanup()
    await openLesson({ [INFO]: unreachable })
    await until(() => expect(titles()).toContain(t('lesson.loadError')))
  })
})
