import { albumCalls } from './album'
import { chatUploadCalls } from './chatUpload'
import type { AnyEndpoint } from './contract'
import { devCalls } from './dev'
import { inviteCalls } from './invite'
import { lessonCalls } from './lesson'
import { liveCalls } from './live'
import { liveModerationCalls } from './liveModeration'
import { loginCalls } from './login'
import { moneyCalls, moneyDevCalls } from './money'
import { purchaseCalls } from './purchase'
import { offlineCalls } from './offline'
import { resumeCalls } from './resume'
import { reviewCalls } from './review'
import { shareCalls } from './share'
import { vipCalls } from './vip'
import { speechCalls } from './speech'
import { testOrderCalls } from './testOrder'

/** Every POST call of every area: what test/server/contract.test.ts holds the server to. */
export const ALL_CALLS: readonly AnyEndpoint[] = [lessonCalls, loginCalls, purchaseCalls, shareCalls, devCalls, moneyCalls, moneyDevCalls, vipCalls, albumCalls, inviteCalls, reviewCalls, speechCalls, liveCalls, liveModerationCalls, testOrderCalls, resumeCalls, offlineCalls, chatUploadCalls].flatMap(
  (calls) => Object.values<AnyEndpoint>(calls),
)
