/**
 * /testWmJsApi (issue 14): the real store, screen, share gateway (src/platform/share, H5), share
 * api and transport. Faked at the platform edge: the transport's request (the server), the
 * browser's user agent (WeChat's or not) and the JS-SDK module (weixin-js-sdk).
 */
import { act } from 'react'
import type { RawResponse } from '../../../src/api/client'
import { createShareApi } from '../../../src/api/share'
import { WmJsApiScreen, WmJsApiStore } from '../../../src/features/tools'
import { t } from '../../../src/locales'
import { createShareGateway } from '../../../src/platform/share'
import { shareCalls } from '../../../types/share'
import { fakeTransport, testAppStores } from '../appStores'
import { $$, cleanup, press, render, until } from '../ui/harness'

type MockWechatError = { errMsg: string }

jest.mock('weixin-js-sdk', () => {
  const handlers = { ready: new Array<() => void>(), error: new Array<(mockAnswer: MockWechatError) => void>() }
  return {
    __esModule: true,
    default: {
      config: jest.fn(),
      ready: jest.fn((fn: () => void) => handlers.ready.push(fn)),
      error: jest.fn((fn: (mockAnswer: MockWechatError) => void) => handlers.error.push(fn)),
      updateAppMessageShareData: jest.fn((o: { success: () => void }) => o.success()),
      updateTimelineShareData: jest.fn((o: { fail: (mockAnswer: MockWechatError) => void }) => o.fail({ errMsg: 'updateTimelineShareData:fail' })),
      fireReady: () => handlers.ready.splice(0).forEach((fn) => fn()),
      fireError: (errMsg: string) => handlers.error.splice(0).forEach((fn) => fn({ errMsg })),
    },
  }
})

const wx = jest.requireMock<{ default: Record<string, jest.Mock> & { fireReady(): void; fireError(m: string): void } }>('weixin-js-sdk').default

const envelope = (code: number, data: unknown, msg = ''): RawResponse => ({ statusCode: 200, data: { code, msg, data } })
const SIGNED = envelope(200, { object: { appId: 'wx1', timestamp: 1, nonceStr: 'n', signature: 'sig' } })

const realAgent = navigator.userAgent
const setAgent = (agent: string) => Object.defineProperty(window.navigator, 'userAgent', { value: agent, configurable: true })

function setUp(answer: () => RawResponse) {
  const urls: string[] = []
  const stores = testAppStores({
    transport: fakeTransport(async (request) => {
      urls.push(request.url)
      return answer()
    }),
  })
  const share = createShareGateway({ shareConfig: (url) => createShareApi(stores.post).shareConfig(url) })
  const store = new WmJsApiStore(share, () => ({ title: 'JS-SDK', desc: 'd', imageUrl: '', link: 'https://site/testWmJsApi' }))
  return { store, urls }
}

const rows = () => $$('.tools__step').map((row) => [row.querySelector('.tools__stepName')?.textContent, row.querySelector('.tools__stepOutcome')?.textContent])
const step = (name: string) => t(`tools.wmJsApi.step.${name}` as 'tools.wmJsApi.step.config')

afterEach(async () => {
  await cleanup()
  setAgent(realAgent)
  jest.clearAllMocks()
})

it('outside WeChat lists the skipped set-up and asks the server nothing', async () => {
  const { store, urls } = setUp(() => SIGNED)
  await render(<WmJsApiScreen store={store} />)
  await until(() => expect(rows()).toEqual([[step('browser'), t('tools.wmJsApi.notWechat')]]))
  expect(urls).toEqual([])
  expect($$('[role="list"]')).toHaveLength(1)
})

describe('in WeChat\'s browser', () => {
  beforeEach(() => setAgent('Mozilla/5.0 MicroMessenger/8.0.40'))

  it('shows running, then config fetched, wx.config ready and each share result', async () => {
    const { store, urls } = setUp(() => SIGNED)
    await render(<WmJsApiScreen store={store} />)
    await until(() => expect(wx.ready).toHaveBeenCalled())
    expect(rows()).toEqual([
      [step('config'), t('tools.wmJsApi.outcome.ok')],
      [step('sdk'), t('tools.wmJsApi.outcome.ok')],
    ])
    expect($$('.tools__button')[0].textContent).toBe(t('tools.wmJsApi.running'))
    await act(async () => wx.fireReady())
    await until(() => expect($$('.tools__button')[0].textContent).toBe(t('tools.wmJsApi.run')))
    expect(rows().slice(2)).toEqual([
      [step('wxConfig'), t('tools.wmJsApi.ready')],
      [step('appMessage'), t('tools.wmJsApi.outcome.ok')],
      [step('timeline'), `${t('tools.wmJsApi.outcome.failed')} (updateTimelineShareData:fail)`],
    ])
    expect(urls).toEqual([shareCalls.shareConfig.path])
  })

  it('lists wx.config\'s error with what WeChat said', async () => {
    const { store } = setUp(() => SIGNED)
    await render(<WmJsApiScreen store={store} />)
    await until(() => expect(wx.error).toHaveBeenCalled())
    await act(async () => wx.fireError('config:invalid signature'))
    await until(() => expect(rows()[2]).toEqual([step('wxConfig'), t('tools.wmJsApi.error', { detail: 'config:invalid signature' })]))
    expect(rows()).toHaveLength(3)
  })

  it('lists a 505 as skipped, and a failed call as failed; Run again repeats the set-up', async () => {
    let answer = envelope(505, null, 'no share config')
    const { store, urls } = setUp(() => answer)
    await render(<WmJsApiScreen store={store} />)
    await until(() => expect(rows()).toEqual([[step('config'), t('tools.wmJsApi.skipped505')]]))
    expect(wx.config).not.toHaveBeenCalled()
    answer = envelope(500, null, 'server error')
    await press('.tools__button')
    await until(() => expect(rows()).toEqual([[step('config'), t('tools.wmJsApi.outcome.failed')]]))
    expect(urls).toHaveLength(2)
  })
})
