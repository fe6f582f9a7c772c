/**
 * The live package's simple screens on the H5 runtime: /liveEnd (the cover, the way to
 * /downloadWm) and /liveSubscribeNoti (every state of the list and of a row's switch). The real
 * store and live api run; only the request and Taro navigation (the edge) are faked.
 */
import { act } from 'react'
import { createClient } from '../../../src/api/client'
import { createLiveApi } from '../../../src/api/live'
import type { LiveSubscription } from '../../../src/api/live'
import { toPageUrl } from '../../../src/domain/routes'
import { LiveEndScreen, SubscriptionsScreen, SubscriptionsStore } from '../../../src/features/live'
import { mount, until } from '../act'
import { WithStores, testAppStores } from '../appStores'
import { fakeBackend, ok, refuse, text, type Handler } from '../purchase/support'
import { screenRig } from '../money/support'

const LIST = '/wmim/live/subscribe/qrySubscribeList.do'
const SWITCH = '/wmim/live/subscribe/updateSubscribe.do'

/** the subscription page makes no GET */
const noGet = (): Promise<unknown> => Promise.reject(new Error('no GET expected'))
const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err))

const hosts = (from: number, count: number): LiveSubscription[] =>
  Array.from({ length: count }, (_, i) => ({ wmid: `wm_host${from + i}`, nickname: `主播${from + i}`, faceIcon: '' }))

const switches = (): Element[] => [...document.querySelectorAll('[role="switch"]')]
const names = (): string[] => [...document.querySelectorAll('.live-sub-row__name')].map((e) => e.textContent ?? '')

describe('live screens', () => {
  const rig = screenRig()

  describe('/liveEnd', () => {
    it('shows the ended cover and goes to /downloadWm from its button', async () => {
      await mount(rig.utils, WithStores, { stores: testAppStores(), children: <LiveEndScreen /> })
      expect(text('.live-end__title')).toBe('直播已结束')
      expect(document.querySelector('.live-end__cover')?.getAttribute('aria-label')).toBe('直播已结束封面')
      const button = document.querySelector('.live-end__download')
      expect(button?.textContent?.trim()).toBe('下载 App，免费开直播')
      expect(button?.getAttribute('role')).toBe('link')
      rig.utils.fireEvent.click(button as Element)
      await until(() => expect(rig.navigateTo).toHaveBeenCalledWith({ url: toPageUrl('DownloadWm') }))
    })
  })

  describe('/liveSubscribeNoti', () => {
    async function show(routes: Record<string, Handler>) {
      const backend = fakeBackend(routes)
      const store = new SubscriptionsStore(createLiveApi(createClient(backend.deps).post, noGet), 'openid-buyer', messageOf)
      await mount(rig.utils, WithStores, { stores: testAppStores(), children: <SubscriptionsScreen store={store} /> })
      await act(async () => store.load())
      return { backend, store }
    }

    it('shows the heading, how to subscribe and the first 10 hosts, every one subscribed; the next page ends the list', async () => {
      const { backend, store } = await show({
        [LIST]: (body) => (body.page === '1' ? ok({ array: hosts(1, 10) }) : ok({ array: hosts(11, 4) })),
      })
      expect(text('.live-subs__heading')).toBe('直播提醒')
      expect(text('.live-subs__how-title')).toBe('如何订阅')
      expect(text('.live-subs__list-title')).toBe('已订阅的主播')
      await until(() => expect(switches()).toHaveLength(10))
      expect(switches().every((s) => s.getAttribute('aria-checked') === 'true')).toBe(true)
      expect(switches()[0].getAttribute('aria-label')).toBe('订阅 主播1 的开播提醒')
      expect(backend.calls).toEqual([{ path: LIST, body: { openid: 'openid-buyer', page: '1', pageSize: '10' } }])
      await act(async () => store.load())
      await until(() => expect(switches()).toHaveLength(14))
      expect(backend.calls[1].body.page).toBe('2')
      await until(() => expect(document.body.textContent).toContain('没有更多了'))
    })

    it('a full last page is ended by the 404 of the page after it', async () => {
      const { store } = await show({
        [LIST]: (body) => (body.page === '1' ? ok({ array: hosts(1, 10) }) : refuse(404, 'no more')),
      })
      await until(() => expect(switches()).toHaveLength(10))
      expect(store.list.end).toBe(false)
      await act(async () => store.load())
      await until(() => expect(store.list.end).toBe(true))
      expect(switches()).toHaveLength(10)
      expect(document.body.textContent).toContain('没有更多了')
    })

    it('an empty list (404 on page 1) says no host is subscribed', async () => {
      await show({ [LIST]: () => refuse(404, 'no more') })
      await until(() => expect(text('.state-view--empty .state-view__title')).toBe('还没有订阅任何主播'))
    })

    it('a failed first page is an error with a retry that loads again', async () => {
      let fail = true
      const { backend } = await show({ [LIST]: () => (fail ? refuse(500, 'list down') : ok({ array: hosts(1, 2) })) })
      await until(() => expect(text('.state-view--error .state-view__detail')).toBe('list down'))
      expect(text('.state-view--error .state-view__title')).toBe('订阅列表加载失败')
      fail = false
      rig.utils.fireEvent.click(document.querySelector('.state-view__action') as Element)
      await until(() => expect(switches()).toHaveLength(2))
      expect(backend.calls.filter((c) => c.path === LIST)).toHaveLength(2)
    })

    it('a switch shows loading while its call runs and clears it on 200; switching back subscribes again', async () => {
      let answer: (value: ReturnType<typeof ok>) => void = () => undefined
      const { backend } = await show({
        [LIST]: () => ok({ array: hosts(1, 3) }),
        [SWITCH]: () => new Promise((resolve) => (answer = resolve)),
      })
      await until(() => expect(switches()).toHaveLength(3))
      rig.utils.fireEvent.click(switches()[1])
      await until(() => expect(switches()[1].getAttribute('aria-busy')).toBe('true'))
      expect(switches()[1].getAttribute('aria-checked')).toBe('false')
      expect(switches()[1].getAttribute('aria-disabled')).toBe('true')
      // a second tap while saving sends nothing
      rig.utils.fireEvent.click(switches()[1])
      expect(backend.calls.filter((c) => c.path === SWITCH)).toEqual([
        { path: SWITCH, body: { openid: 'openid-buyer', wmid: 'wm_host2', isSubscribe: '0' } },
      ])
      await act(async () => answer(ok(null)))
      await until(() => expect(switches()[1].getAttribute('aria-busy')).toBe('false'))
      expect(switches()[1].getAttribute('aria-checked')).toBe('false')
      expect(switches()[0].getAttribute('aria-checked')).toBe('true')
      rig.utils.fireEvent.click(switches()[1])
      await act(async () => answer(ok(null)))
      await until(() => expect(switches()[1].getAttribute('aria-checked')).toBe('true'))
      expect(backend.calls.filter((c) => c.path === SWITCH).map((c) => c.body.isSubscribe)).toEqual(['0', '1'])
    })

    it('a refused switch is toasted with the server message and goes back to what the server has', async () => {
      const { backend } = await show({ [LIST]: () => ok({ array: hosts(1, 2) }), [SWITCH]: () => refuse(403, 'link expired') })
      await until(() => expect(switches()).toHaveLength(2))
      rig.utils.fireEvent.click(switches()[0])
      await until(() => expect(backend.toasts).toEqual(['link expired']))
      await until(() => expect(switches()[0].getAttribute('aria-busy')).toBe('false'))
      expect(switches()[0].getAttribute('aria-checked')).toBe('true')
    })

    it('the keyboard works the switch (Space), and refresh goes back to page 1 with a fresh list', async () => {
      let round = 0
      const { backend, store } = await show({
        [LIST]: (body) => ok({ array: body.page === '1' ? hosts(round * 100 + 1, 10) : hosts(11, 1) }),
        [SWITCH]: () => ok(null),
      })
      await until(() => expect(switches()).toHaveLength(10))
      rig.utils.fireEvent.keyDown(switches()[0], { key: ' ' })
      await until(() => expect(switches()[0].getAttribute('aria-checked')).toBe('false'))
      await act(async () => store.load())
      await until(() => expect(switches()).toHaveLength(11))
      round = 1
      await act(async () => store.refresh())
      await until(() => expect(names()[0]).toBe('主播101'))
      expect(switches()).toHaveLength(10)
      expect(switches().every((s) => s.getAttribute('aria-checked') === 'true')).toBe(true)
      expect(backend.calls.filter((c) => c.path === LIST).map((c) => c.body.page)).toEqual(['1', '2', '1'])
    })
  })
})
