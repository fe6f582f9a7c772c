/**
 * The lesson viewer's message list is the kit's PagedList: the footer follows the store (the
 * hand-rolled footer read store flags outside the observer, so 'loading more' never changed to the
 * failure or the end until something else re-rendered the screen).
 */
import { HOOKS_APP_ID, safeExecute } from '@tarojs/runtime'
import { act } from 'react'
import { LessonScreen } from '../../../src/features/lesson/LessonScreen'
import { t } from '../../../src/locales'
import { WithStores } from '../appStores'
import { lessonInfo } from '../../fixtures/lessonInfo'
import { fakeBackend, ok, purchaseStores, refuse } from '../purchase/support'
import { $, $$, cleanup, deferred, press, render, text, until } from './harness'

const message = (id: number) => ({ id, msgId: `m${id}`, msgType: 1000, sendTime: id, obj: JSON.stringify({ content: `line ${id}` }) })
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

afterEach(cleanup)

describe('lesson message list', () => {
  it('shows loading more, then a failed page with retry (rows kept), then the end', async () => {
    const secondPage = deferred<'fail' | 'ok'>()
    let secondAnswers = 0
    const backend = fakeBackend({
      '/wmim/course/v2/query/info.do': () => ok({ object: lessonInfo() }),
      '/wmim/course/v2/message/list.do': async (body) => {
        if (body.page === '1') return ok({ array: range(1, 20).map(message) })
        secondAnswers += 1
        if (secondAnswers === 1 && (await secondPage.promise) === 'fail') return refuse(500, 'server busy')
        return ok({ array: range(21, 22).map(message) })
      },
    })
    const { app, lessonStore } = purchaseStores(backend)
    await render(
      <WithStores stores={app}>
        <LessonScreen link={{ kind: 'v2', courseData: 'demo-open' }} store={lessonStore} />
      </WithStores>,
    )
    await until(() => expect($$('.message-row')).toHaveLength(20))

    await act(async () => void safeExecute(HOOKS_APP_ID, 'onReachBottom'))
    expect(text('.ui-paged-list__footer--loading')).toBe(t('lesson.loadingMore'))

    secondPage.resolve('fail')
    await until(() => expect(text('.lesson-footer--error')).toContain('server busy'))
    expect(document.querySelector('.ui-paged-list__footer--loading')).toBeNull()
    expect($$('.message-row')).toHaveLength(20)

    await press('.lesson-footer--error .ui-paged-list__retry')
    await until(() => expect(text('.lesson-footer--end')).toBe(t('lesson.footer')))
    expect($$('.message-row')).toHaveLength(22)
    expect(text('.lesson__list')).toContain('line 22')
    expect($('.lesson-footer--end').classList).toContain('lesson-footer')
  })
})
