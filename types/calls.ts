import type { AnyEndpoint } from './contract'
import { devCalls } from './dev'
import { lessonCalls } from './lesson'
import { liveCalls } from './live'
import { loginCalls } from './login'
import { moneyCalls, moneyDevCalls } from './money'
import { purchaseCalls } from './purchase'
import { shareCalls } from './share'

/** Every POST call of every area: what test/server/contract.test.ts holds the server to. */
export const ALL_CALLS: readonly AnyEndpoint[] = [lessonCalls, loginCalls, purchaseCalls, shareCalls, devCalls, moneyCalls, moneyDevCalls, liveCalls].flatMap(
  (calls): AnyEndpoint[] => Object.values(calls),
)
