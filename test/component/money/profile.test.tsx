/**
 * /profile's screen on the H5 runtime: logged out, a visitor who must bind a phone, the bought
 * list (a refunded item alerts, a lesson opens as LessonDetailNew), the selling list with income,
 * remembered choices, and the failures. Only the request, Taro navigation and the login gateway
 * (the platform edge) are faked.
 */
import { act } from 'react'
import { ProfileScreen, createProfileStore } from '../../../src/features/profile'
import { toPageUrl } from '../../../src/domain/routes'
import { mount, until } from '../act'
import { WithStores } from '../appStores'
import { SUMMARY, bought, click, list, moneyStores, ok, refuse, text, screenRig, type Handler } from './support'

const BOUGHT = '/wmim/course/v2/bought/list.do'
const SALES = '/wmim/course/v2/sales/list.do'
const INFO = '/wmim/course/clearing/info.do'
const LOGOUT = '/wmim/course/v2/logout.do'

describe('/profile', () => {
  const rig = screenRig()

  async function show(routes: Record<string, Handler>, opts: Parameters<typeof moneyStores>[1] = {}, loginExpired = false) {
    const stores = moneyStores(routes, opts)
    const store = createProfileStore(stores.app)
    await mount(rig.utils, WithStores, { stores: stores.app, children: <ProfileScreen store={store} loginExpired={loginExpired} /> })
    await act(async () => store.load())
    return { ...stores, store }
  }

  it('logged out: says so, calls nothing, and logs in with loginUrl type 1', async () => {
    const { backend, auth } = await show({}, { loggedOut: true })
    await rig.utils.queries.waitForQuerySelector('.profile__login')
    expect(text('.state-view__title')).toBe('未登录')
    expect(backend.calls).toEqual([])
    await act(async () => click(rig.utils, '.profile__login'))
    await until(() => expect(auth.login).toHaveBeenCalledWith({ type: 1 }))
  })

  it('after a 601 says that the login expired, with the login button (issue 30 item 13)', async () => {
    await show({}, { loggedOut: true }, true)
    await rig.utils.queries.waitForQuerySelector('.profile__login')
    expect(text('.state-view__title')).toBe('登录已过期，请重新登录')
    expect(document.querySelector('.state-view')?.getAttribute('role')).toBe('status')
  })

  it('a login that fails says why', async () => {
    const { auth } = await show({}, { loggedOut: true })
    ;(auth.login as jest.Mock).mockRejectedValueOnce(new Error('login page unavailable'))
    await rig.utils.queries.waitForQuerySelector('.profile__login')
    await act(async () => click(rig.utils, '.profile__login'))
    await until(() => expect(text('.profile__error')).toContain('login page unavailable'))
  })

  it('a visitor who is not a product user gets the phone dialog; cancel goes back', async () => {
    const visitor = JSON.stringify({ loginData: 'login-visitor', isWeMaiUser: 0 })
    const { backend } = await show({}, { loggedOut: true, storage: { loginData: visitor } })
    await until(() => expect(document.querySelector('.phone-dialog, [role="dialog"]')).not.toBeNull())
    expect(backend.calls).toEqual([])
    const cancel = [...document.querySelectorAll('taro-button-core')].find((b) => b.textContent?.trim() === '取消')
    if (!cancel) throw new Error('no cancel button')
    rig.utils.fireEvent.click(cancel)
    await until(() => expect(rig.navigateBack).toHaveBeenCalled())
  })

  it('lists what the buyer bought; a refunded item alerts instead of opening; a bought lesson opens as LessonDetailNew', async () => {
    const { backend } = await show({
      [BOUGHT]: () => list([bought({ orderNO: 'LP2', orderStatus: 4, courseName: '退款课', courseData: 'demo-paid' }), bought()]),
    })
    await until(() => expect(document.querySelectorAll('.profile-item')).toHaveLength(2))
    expect(backend.calls[0]).toEqual({ path: BOUGHT, body: { page: '1', pageSize: '20', orderType: '1' } })
    expect(text('.profile-item__status--refunded')).toBe('已退款')
    expect(text('.profile-item__price')).toBe('¥19.90')
    // fewer than a page: the end
    expect(text('.ui-paged-list__footer--end')).toBe('没有更多了')
    click(rig.utils, '.profile-item')
    await until(() => expect(text('.ui-dialog__text')).toBe('该课程已退款，无法查看'))
    expect(rig.navigateTo).not.toHaveBeenCalled()
    click(rig.utils, '.ui-dialog__button')
    await until(() => expect(document.querySelector('.ui-dialog')).toBeNull())
    rig.utils.fireEvent.click(document.querySelectorAll('.profile-item')[1])
    await until(() =>
      expect(rig.navigateTo).toHaveBeenCalledWith({ url: toPageUrl('LessonDetailNew', { courseData: 'paid-bought', isPayLesson: 1 }) }),
    )
  })

  it('a bought live tells that lives are watched in the app', async () => {
    await show({ [BOUGHT]: () => list([bought({ orderType: 2, title: '直播课', courseName: '' })]) }, { storage: { profilePayType: '1' } })
    await until(() => expect(text('.profile-item__name')).toBe('直播课'))
    click(rig.utils, '.profile-item')
    await until(() => expect(text('.ui-dialog__text')).toContain('App'))
  })

  it('on sale & share: the income with a link to withdraw and the lessons on sale; the choice is remembered', async () => {
    const { storage, backend } = await show({
      [BOUGHT]: () => list([]),
      [INFO]: () => ok({ object: SUMMARY }),
      [SALES]: () => list([{ courseData: 'demo-paid', courseName: '口语课', fee: 990, salesCount: 3, shareUrl: '', shareRecash: 100 }]),
    })
    await until(() => expect(text('.state-view__title')).toBe('还没有购买内容'))
    const selling = [...document.querySelectorAll('.ui-tabs__tab')].find((tab) => tab.textContent === '在售及分享')
    if (!selling) throw new Error('no selling tab')
    rig.utils.fireEvent.click(selling)
    await until(() => expect(text('.profile-item__name')).toBe('口语课'))
    expect(storage.get('profileSegment')).toBe('1')
    expect([...document.querySelectorAll('.profile-income__amount')].map((e) => e.textContent)).toEqual(['¥126.50', '¥81.70'])
    expect(text('.profile-item__detail')).toContain('已售 3')
    expect(text('.profile-item__detail')).toContain('分享奖励 ¥1.00')
    expect(backend.calls.map((c) => c.path).sort()).toEqual([BOUGHT, INFO, SALES].sort())
    click(rig.utils, '.profile-income__withdraw')
    await until(() => expect(rig.navigateTo).toHaveBeenCalledWith({ url: toPageUrl('Withdraw') }))
  })

  it('a list that fails shows the error with a retry that loads it', async () => {
    let fail = true
    await show({ [BOUGHT]: () => (fail ? refuse(500, 'server busy') : list([bought()])) })
    await until(() => expect(text('.state-view__detail')).toBe('server busy'))
    fail = false
    click(rig.utils, '.state-view__action')
    await until(() => expect(document.querySelectorAll('.profile-item')).toHaveLength(1))
  })

  it('income that fails to load says so beside the withdraw link', async () => {
    await show({ [INFO]: () => refuse(500, 'ledger down'), [SALES]: () => list([]) }, { storage: { profileSegment: '1' } })
    await until(() => expect(text('.profile-income__error')).toContain('ledger down'))
    expect(document.querySelector('.profile-income__withdraw')).not.toBeNull()
  })

  it('logout ends the login on the server, forgets the session and shows the login button', async () => {
    const { storage, backend } = await show({ [BOUGHT]: () => list([]), [LOGOUT]: () => ok(null) })
    await rig.utils.queries.waitForQuerySelector('.profile__logout')
    expect(text('.profile__name')).toBe('林老师')
    click(rig.utils, '.profile__logout')
    await until(() => expect(document.querySelector('.profile__login')).not.toBeNull())
    expect(backend.calls.filter((c) => c.path === LOGOUT)).toEqual([{ path: LOGOUT, body: { loginData: 'login-teacher' } }])
    expect(storage.get('session')).toBeUndefined()
    expect(storage.get('loginData')).toBeUndefined()
    expect(document.querySelector('.profile__error')).toBeNull()
  })

  it('a logout the server did not hear of still logs out here, and says so', async () => {
    const { storage } = await show({ [BOUGHT]: () => list([]), [LOGOUT]: () => refuse(500, 'server busy') })
    await rig.utils.queries.waitForQuerySelector('.profile__logout')
    click(rig.utils, '.profile__logout')
    await until(() => expect(text('.profile__error')).toContain('server busy'))
    expect(document.querySelector('.profile__login')).not.toBeNull()
    expect(storage.get('loginData')).toBeUndefined()
  })
})
