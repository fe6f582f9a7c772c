import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import type { ApiEnvelope } from '../../../types/api'
import type { BankCard, BoughtItem, ClearingRecord, IncomeSummary } from '../../../types/money'
import { createClient } from '../../../src/api/client'
import { createMoneyApi } from '../../../src/api/money'
import type { AuthGateway } from '../../../src/platform/auth'
import { memoryStorage } from '../../fixtures/storage'
import { testAppStores } from '../appStores'
import { fakeBackend, ok, type Handler } from '../purchase/support'

export { ok, refuse, click, text, typeInto } from '../purchase/support'
export type { Handler } from '../purchase/support'

/**
 * The app's real composition and the real money api over a fake backend (`routes`: path -> handler),
 * with a session in storage unless `loggedOut`. Only the request and the login gateway are faked.
 */
export function moneyStores(routes: Record<string, Handler>, opts: { storage?: Record<string, string>; loggedOut?: boolean } = {}) {
  const backend = fakeBackend(routes)
  const session = JSON.stringify({ token: 'token-teacher', userid: 'wm_teacher', encryptKey: '' })
  const loginData = JSON.stringify({ loginData: 'login-teacher', isWeMaiUser: 1, token: 'token-teacher', userid: 'wm_teacher', nickname: '林老师' })
  const storage = memoryStorage({ ...(opts.loggedOut ? {} : { session, loginData }), ...opts.storage })
  const auth: AuthGateway = { login: jest.fn(async () => ({ kind: 'redirected' as const })) }
  const app = testAppStores({ storage, transport: () => backend.deps, auth: () => auth })
  const money = createMoneyApi(createClient(backend.deps).post)
  return { app, backend, storage, auth, money }
}

export const SUMMARY: IncomeSummary = {
  totalMoney: 12650,
  usableMoney: 8170,
  unUsableMoney: 1500,
  taxFee: 81,
  arriveMoney: 8089,
  isBindBankCard: 1,
  isErrorBankInfo: 0,
}

export const CARD: BankCard = { realName: '林晓', idCardNo: '110101199001011234', bankNo: '6214830000008888', phone: '13800000001', bankName: '招商银行' }
/** CARD as the info call answers it: its numbers masked (server/money/rules.ts maskedCard). */
export const MASKED_CARD: BankCard = { ...CARD, idCardNo: '**************1234', bankNo: '**** **** **** 8888', phone: '138****0001' }

export function bought(overrides: Partial<BoughtItem> = {}): BoughtItem {
  return {
    orderNO: 'LP1',
    orderType: 1,
    orderStatus: 1,
    courseData: 'paid-bought',
    shareUrl: '',
    courseName: '付费课',
    title: '',
    totalFee: 1990,
    ...overrides,
  }
}

export function clearing(overrides: Partial<ClearingRecord> = {}): ClearingRecord {
  return {
    clearingNO: 'CL1',
    orderNum: 2,
    money: 981,
    orderMoney: 990,
    taxFee: 9,
    clearingStatus: 0,
    failType: 0,
    failReason: '',
    retryable: 0,
    applyTime: Date.UTC(2024, 2, 11),
    ...overrides,
  }
}

export const list = <T,>(array: T[]): ApiEnvelope<{ array: T[] }> => ok({ array })

/**
 * The money screens' test rig for a describe block: a fresh TestUtils and Taro's navigation faked
 * (the platform edge) before each test, restored after it.
 */
export function screenRig(): { readonly utils: TestUtils; readonly navigateTo: jest.SpyInstance; readonly navigateBack: jest.SpyInstance } {
  let utils: TestUtils
  let navigateTo: jest.SpyInstance
  let navigateBack: jest.SpyInstance
  beforeEach(() => {
    utils = new TestUtils()
    navigateTo = jest.spyOn(Taro, 'navigateTo').mockImplementation(() => Promise.resolve({ errMsg: 'navigateTo:ok' }))
    navigateBack = jest.spyOn(Taro, 'navigateBack').mockImplementation(() => Promise.resolve({ errMsg: 'navigateBack:ok' }))
  })
  afterEach(() => {
    navigateTo.mockRestore()
    navigateBack.mockRestore()
    utils.unmout()
  })
  return {
    get utils() {
      return utils
    },
    get navigateTo() {
      return navigateTo
    },
    get navigateBack() {
      return navigateBack
    },
  }
}
