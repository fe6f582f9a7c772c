/**
 * An old link (`/lesson/1?data=…`) to a paid lesson reaches the pay/share page like the new link
 * does (issue 17 item 6). Only the transport's request and Taro's navigation are faked.
 */
import Taro from '@tarojs/taro'
import { LessonScreen } from '../../../src/features/lesson/LessonScreen'
import { t } from '../../../src/locales'
import { WithStores } from '../appStores'
import { fakeBackend, ok, paidLessonInfo, purchaseStores, refuse, type Handler } from '../purchase/support'
import { cleanup, render, text, until } from '../ui/harness'

const LEGACY_INFO = '/wmim/course/query/info.do'
const LEGACY_LIST = '/wmim/course/message/query/list.do'
const SHARE_URL = '/lessonPay/share/demo-paid/1'

async function openOldLink(routes: Record<string, Handler>) {
  const { app, lessonStore } = purchaseStores(fakeBackend(routes))
  await render(
    <WithStores stores={app}>
      <LessonScreen link={{ kind: 'legacy', data: 'legacy-paid' }} store={lessonStore} />
    </WithStores>,
  )
}

const redirects = () => (Taro.redirectTo as unknown as jest.Mock).mock.calls.map(([o]: [{ url: string }]) => o.url)

beforeEach(() => jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'redirectTo:ok' }))
afterEach(async () => {
  await cleanup()
  jest.restoreAllMocks()
})

describe('an old link to a paid lesson', () => {
  it('without a preview goes to the pay/share page its info names', async () => {
    await openOldLink({ [LEGACY_INFO]: () => ok({ object: paidLessonInfo({ shareUrl: SHARE_URL }) }) })
    await until(() => expect(redirects()).toEqual(['/packages/money/pages/lessonPay/index?type=share&courseData=demo-paid&payType=1']))
  })

  it('answered 601 by the old list goes there too (a full URL of the site as shareUrl)', async () => {
    await openOldLink({
      [LEGACY_INFO]: () => ok({ object: paidLessonInfo({ shareUrl: `https://site.example${SHARE_URL}`, isCheckedFreeCount: 1, freeCount: 5 }) }),
      [LEGACY_LIST]: () => refuse(601, 'buy first'),
    })
    await until(() => expect(redirects()).toEqual(['/packages/money/pages/lessonPay/index?type=share&courseData=demo-paid&payType=1']))
  })

  it('naming no pay page says it must be bought instead of spinning', async () => {
    await openOldLink({ [LEGACY_INFO]: () => ok({ object: paidLessonInfo({ shareUrl: '' }) }) })
    await until(() => expect(text('.state-view__title')).toBe(t('lesson.mustPay')))
    expect(redirects()).toEqual([])
  })
})
