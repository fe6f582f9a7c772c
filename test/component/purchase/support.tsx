import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import type { ApiEnvelope } from '../../../types/api'
import type { LessonInfo } from '../../../types/lesson'
import { createClient, type TransportDeps } from '../../../src/api/client'
import { createLessonApi } from '../../../src/api/lesson'
import { createLoginApi } from '../../../src/api/login'
import { createPurchaseApi } from '../../../src/api/purchase'
import type { AuthGateway } from '../../../src/platform/auth'
import type { PayOutcome, PaymentGateway } from '../../../src/platform/payment'
import { PayFlowStore } from '../../../src/features/purchase/PayFlowStore'
import type { Country } from '../../../src/domain/countries'
import { memoryStorage } from '../../fixtures/storage'
import { testAppStores } from '../appStores'
import { lessonInfo } from '../../fixtures/lessonInfo'
import { until } from '../act'

Taro.initPxTransform({ designWidth: 750, deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 } })
if (!('IntersectionObserver' in globalThis)) {
  Object.assign(globalThis, {
    IntersectionObserver: class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    },
  })
}

export type Handler = (body: Record<string, string>) => ApiEnvelope | Promise<ApiEnvelope>
export function ok<T>(data: T): ApiEnvelope<T> {
  return { code: 200, msg: 'ok', data }
}
export const refuse = (code: number, msg: string): ApiEnvelope<null> => ({ code, msg, data: null })

/**
 * The transport edge faked: the real client, api modules and stores run; only the request itself
 * answers from `routes` (path -> handler). Every call is recorded with its decoded form body.
 */
export function fakeBackend(routes: Record<string, Handler>) {
  const calls: { path: string; body: Record<string, string> }[] = []
  const toasts: string[] = []
  const deps: TransportDeps = {
    baseUrl: () => '',
    request: async ({ url, body }) => {
      const form = Object.fromEntries(
        body
          .split('&')
          .filter(Boolean)
          .map((pair) => pair.split('=').map((s) => decodeURIComponent(s.replace(/\+/g, ' '))) as [string, string]),
      )
      calls.push({ path: url, body: form })
      const handler = routes[url]
      return { statusCode: 200, data: handler ? await handler(form) : refuse(404, 'no such path') }
    },
    toast: (message) => void toasts.push(message),
    goProfile: () => undefined,
    goVipAlert: () => undefined,
    sessionHeaders: () => ({}),
    clearSession: () => undefined,
    messages: { networkError: () => 'network', timeout: () => 'timeout', badResponse: () => 'bad' },
  }
  const { post } = createClient(deps)
  return {
    deps,
    calls,
    toasts,
    lesson: createLessonApi(post),
    purchase: createPurchaseApi(post),
    login: createLoginApi(post),
  }
}

/** A paid lesson (¥19.90) by Teacher Li. */
export function paidLessonInfo(overrides: Partial<LessonInfo> = {}): LessonInfo {
  return lessonInfo({ createTimestamp: Date.UTC(2024, 2, 9), courseName: 'Paid lesson', privacyStatus: 3, fee: 1990, nickname: 'Teacher Li', ...overrides })
}

/**
 * The app's stores wired to a fake backend and fake platform gateways; `app` is what the screens get
 * through the context (its pay flow and /lessonPay store are the ones returned here).
 */
export function purchaseStores(
  backend: ReturnType<typeof fakeBackend>,
  opts: { storage?: Record<string, string>; wechat?: boolean; pay?: PayOutcome } = {},
) {
  const storage = memoryStorage(opts.storage)
  const payment: PaymentGateway = { pay: jest.fn(async () => opts.pay ?? 'ok'), restricted: () => false, orderPlatform: () => undefined }
  const auth: AuthGateway = { login: jest.fn(async () => ({ kind: 'redirected' as const })) }
  const base = testAppStores({
    storage,
    inWechatBrowser: () => opts.wechat === true,
    transport: () => backend.deps,
    payment: () => payment,
    auth: () => auth,
  })
  // the order query waits between attempts: no real waiting in tests
  const flow = new PayFlowStore({
    purchase: backend.purchase,
    lesson: backend.lesson,
    login: backend.login,
    auth,
    payment,
    loginData: base.loginData,
    wait: async () => undefined,
  })
  const payStore = base.createLessonPayStore()
  const lessonStore = base.createLessonStore()
  const app = { ...base, createPayFlow: () => flow, createLessonPayStore: () => payStore }
  return { app, storage, session: base.session, loginData: base.loginData, payment, auth, flow, payStore, lessonStore }
}

export const COUNTRIES: Country[] = [
  { country_cn: '中国', phone_code: '86', initial: 'Z' },
  { country_cn: '新加坡', phone_code: '65', initial: 'X' },
  { country_cn: '美国', phone_code: '1', initial: 'M' },
  { country_cn: '英国', phone_code: '44', initial: 'Y' },
  { country_cn: '马来西亚', phone_code: '60', initial: 'M' },
  { country_cn: '日本', phone_code: '81', initial: 'R' },
  { country_cn: '阿富汗', phone_code: '93', initial: 'A' },
]

export const loadCountries = (): Promise<Country[]> => Promise.resolve(COUNTRIES)

/**
 * Types into a Taro Input. The H5 runtime renders a native input inside taro-input-core once the
 * custom element has hydrated, which may be a tick after the host appears.
 */
export async function typeInto(utils: TestUtils, selector: string, value: string): Promise<void> {
  let input: HTMLInputElement | null = null
  await until(() => {
    input = document.querySelector(`${selector} input`)
    if (!input) throw new Error(`no input in ${selector}`)
  })
  const field = input as unknown as HTMLInputElement
  field.value = value
  utils.fireEvent.input(field)
}

export function text(selector: string): string {
  return document.querySelector(selector)?.textContent?.trim() ?? ''
}

export function click(utils: TestUtils, selector: string): void {
  const el = document.querySelector(selector)
  if (!el) throw new Error(`nothing matches ${selector}`)
  utils.fireEvent.click(el)
}

/** H5's Button (platform/components/basic.h5.ts) has the disabled attribute only when disabled. */
export function isDisabled(selector: string): boolean {
  return document.querySelector(selector)?.hasAttribute('disabled') === true
}
