/**
 * The admin and complaint viewers (issue 14): the real composition, api, store and screen; only
 * the transport's request and Taro's page scroll are faked (the platform edge).
 */
import Taro from '@tarojs/taro'
import type { RawResponse, TransportDeps } from '../../../src/api/client'
import { ReviewPage } from '../../../src/features/lesson'
import { reviewStoresOf } from '../../../src/features/lesson/ReviewPage'
import { t } from '../../../src/locales'
import type { WireMessage } from '../../../types/lesson'
import { reviewCalls } from '../../../types/review'
import { fakeTransport, testAppStores, WithStores } from '../appStores'
// the H5 edge the cells need under jsdom: pxTransform set up, IntersectionObserver, a phone's width
import '../cells/support'
import { $$, cleanup, press, render, text, until } from '../ui/harness'

type Request = Parameters<TransportDeps['request']>[0]
type Answer = (request: Request, body: URLSearchParams) => RawResponse | Promise<RawResponse>

const ADMIN = { token: 'token-admin', userid: 'wm_admin', data: 'legacy-paid' }
const envelope = (code: number, data: unknown, msg = ''): RawResponse => ({ statusCode: 200, data: { code, msg, data } })

function textMessage(n: number): WireMessage {
  return {
    id: n,
    msgId: `m${n}`,
    msgType: 1000,
    sendTime: Date.UTC(2024, 2, 9, 2, n),
    obj: JSON.stringify({ content: `message ${n}` }),
    senderUserInfo: { nickname: 'Teacher Li', faceIcon: '' },
  }
}

function imageMessage(n: number): WireMessage {
  return { ...textMessage(n), msgType: 1001, obj: JSON.stringify({ url: `https://cdn.example/p${n}.png`, width: 300, height: 200 }) }
}

function setUp(answer: Answer) {
  const requests: Request[] = []
  const stores = testAppStores({
    transport: fakeTransport(async (request) => {
      requests.push(request)
      return answer(request, new URLSearchParams(request.body))
    }),
  })
  const open = (kind: 'admin' | 'complaint', data: string | undefined) =>
    render(
      <WithStores stores={stores}>
        <ReviewPage kind={kind} data={data} />
      </WithStores>,
    )
  return { requests, open, stores }
}

/** Pages of `total` messages, 10 a page, 404 past the end. */
const pages = (total: number, make: (n: number) => WireMessage = textMessage): Answer => (_, body) => {
  const page = Number(body.get('page'))
  const from = (page - 1) * 10
  if (from >= total) return envelope(404, null, 'no more messages')
  return envelope(200, { array: Array.from({ length: Math.min(10, total - from) }, (_, i) => make(from + i + 1)) })
}

const messageTexts = () => $$('.cell-text').map((el) => el.textContent?.trim())

beforeEach(() => {
  jest.spyOn(Taro, 'pageScrollTo').mockResolvedValue({ errMsg: 'pageScrollTo:ok' })
})
afterEach(async () => {
  await cleanup()
  jest.restoreAllMocks()
})

it("sends the link's userid and token as the session headers, 10 a page, and shows the lesson viewer's rows", async () => {
  const { requests, open } = setUp(pages(3))
  await open('admin', JSON.stringify(ADMIN))
  await until(() => expect(messageTexts()).toEqual(['message 1', 'message 2', 'message 3']))
  expect(requests[0].url).toBe(reviewCalls.adminMessages.path)
  expect(requests[0].headers).toMatchObject({ userid: 'wm_admin', token: 'token-admin' })
  expect(Object.fromEntries(new URLSearchParams(requests[0].body))).toEqual({ page: '1', pageSize: '10', data: 'legacy-paid' })
  expect(text('.lesson-footer--end')).toBe(t('review.footer'))
})

it('the complaint viewers read the complaint list', async () => {
  const { requests, open } = setUp(pages(1))
  await open('complaint', encodeURIComponent(encodeURIComponent(JSON.stringify(ADMIN))))
  await until(() => expect(messageTexts()).toEqual(['message 1']))
  expect(requests.map((r) => r.url)).toEqual([reviewCalls.complaintMessages.path])
})

it('a refused token says so, not an empty list', async () => {
  const { open } = setUp(() => envelope(403, null, 'this token may not view this lesson'))
  await open('complaint', JSON.stringify(ADMIN))
  await until(() => expect(text('.state-view__title')).toBe(t('review.refused')))
  expect(text('.state-view__detail')).toBe(t('review.refusedHint'))
  expect($$('.ui-paged-list__items')).toHaveLength(0)
})

it.each([
  [undefined, 'routeParam.missing'],
  ['{"userid":"wm_admin","data":"legacy-paid"}', 'review.noToken'],
  ['{"token":"t","userid":"wm_admin"}', 'review.noLesson'],
  ['%7Bbroken', 'routeParam.invalid'],
] as const)('a link %j asks nothing and says %s', async (data, key) => {
  const { requests, open } = setUp(pages(3))
  await open('admin', data)
  expect(text('.state-view__title')).toBe(t('review.badLink'))
  expect(text('.state-view__detail')).toBe(t(key))
  expect(requests).toHaveLength(0)
})

it("a lesson with no messages says 'no data found'", async () => {
  const { open } = setUp(pages(0))
  await open('admin', JSON.stringify(ADMIN))
  await until(() => expect($$('.ui-paged-list__empty, .state-view--empty').map((el) => el.textContent).join('')).toContain(t('review.empty')))
})

it('a failed first page is an error with a retry that loads it', async () => {
  let fail = true
  const { open } = setUp((request, body) => {
    if (fail) return Promise.reject(new Error('offline'))
    return pages(2)(request, body)
  })
  await open('admin', JSON.stringify(ADMIN))
  await until(() => expect(text('.state-view__title')).toBe(t('review.loadError')))
  fail = false
  await press('.state-view__action')
  await until(() => expect(messageTexts()).toEqual(['message 1', 'message 2']))
})

it('kept alive: shown again, the same link keeps its list and goes back to where it was scrolled', async () => {
  const { requests, open, stores } = setUp(pages(25))
  const first = await open('admin', JSON.stringify(ADMIN))
  await until(() => expect(messageTexts()).toHaveLength(10))
  expect(Taro.pageScrollTo).not.toHaveBeenCalled()
  // where the page's scroll handler left it
  reviewStoresOf(stores)('admin', ADMIN).scrollTop = 640
  await first.unmount()
  await open('admin', JSON.stringify(ADMIN))
  expect(messageTexts()).toHaveLength(10)
  expect(requests).toHaveLength(1)
  expect(Taro.pageScrollTo).toHaveBeenCalledWith({ scrollTop: 640, duration: 0 })
})

it('an image opens the overlay over the loaded pictures, ending with the no-more marker', async () => {
  const { open } = setUp(pages(2, imageMessage))
  await open('admin', JSON.stringify(ADMIN))
  await until(() => expect($$('.cell-image')).toHaveLength(2))
  await press('.cell-image')
  await until(() => expect($$('.gallery__image')).toHaveLength(2))
  expect(text('.gallery__end')).toBe(t('common.noMore'))
})
