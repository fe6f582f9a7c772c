/**
 * @jest-environment jsdom
 */
import { routeByName } from '../../src/domain/routes'
import purchase from '../../src/locales/zh-CN/purchase'
import { loadPage, type FakeWx, type LoadedPage } from './harness'

/**
 * WeChat forbids selling virtual goods through WeChat Pay in the mini-program on iOS (issue 31
 * item 3): the compiled mini-program on an iPhone shows WeChat's wording where the buy buttons
 * were, and makes no order. Only the platform edge is faked: `wx.getSystemInfoSync` answers the
 * phone's system as WeChat does. The same pages on Android keep their buy buttons.
 */

const IOS_WORDING = purchase['purchase.iosUnavailable']
const CREATE_PATH = '/wmim/course/v2/order/create.do'

/** The harness's wx on a phone whose system is `system`. */
function onPhone(system: 'ios' | 'android') {
  return (wx: FakeWx): void => {
    const info = wx.getSystemInfoSync as () => Record<string, unknown>
    wx.getSystemInfoSync = () => ({ ...info(), platform: system, system: system === 'ios' ? 'iOS 17.0' : 'Android 14' })
  }
}

function pathsRequested(page: LoadedPage): string[] {
  return page.wx.request.mock.calls.map(([options]: [{ url: string }]) => new URL(options.url).pathname)
}

describe('the mini-program on iOS sells nothing (dist/weapp)', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  /** `paid-bought` has no free preview: its pay page has the pay button (pay.test.ts). */
  const openPayPage = (system: 'ios' | 'android') =>
    loadPage(routeByName('LessonPay').page, { type: 'share', courseData: 'paid-bought', payType: '1' }, onPhone(system))

  it('shows WeChat\'s wording instead of the pay button on the pay page, and makes no order', async () => {
    page = await openPayPage('ios')
    const loaded = page
    await loaded.waitFor(() => loaded.text().includes(IOS_WORDING))
    expect(loaded.root.querySelectorAll('.lesson-pay__pay')).toHaveLength(0)
    expect(loaded.text()).not.toContain(purchase['purchase.pay'].replace('{price}', '19.90'))
    expect(pathsRequested(loaded)).not.toContain(CREATE_PATH)
  })

  it('keeps the pay button on Android', async () => {
    page = await openPayPage('android')
    const loaded = page
    await loaded.waitFor(() => loaded.root.querySelectorAll('.lesson-pay__pay').length === 1)
    expect(loaded.text()).not.toContain(IOS_WORDING)
  })

  it('shows the wording instead of "view full course" under a free preview', async () => {
    page = await loadPage(routeByName('Lesson').page, { courseData: 'demo-paid' }, onPhone('ios'))
    const loaded = page
    await loaded.waitFor(() => loaded.text().includes(IOS_WORDING))
    expect(loaded.root.querySelectorAll('.lesson-preview-bar__button')).toHaveLength(0)
    expect(loaded.text()).not.toContain(purchase['access.viewFull'])
  })
})
