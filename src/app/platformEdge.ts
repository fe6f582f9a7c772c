import { taroTransportDeps } from '../api/taro'
import { audioEngine } from '../platform/audio'
import { platformDevice } from '../platform/device'
import { fileStorage } from '../platform/fileStorage'
import { createAuthGateway } from '../platform/auth'
import { platformEnv } from '../platform/env'
import { createPaymentGateway } from '../platform/payment'
import { createShareGateway } from '../platform/share'
import { taroStorage } from '../platform/storage'
import type { PlatformEdge } from './composition'

/** The real edge: Taro storage and requests, the platform's audio engine and gateways (by file suffix). */
export const taroPlatformEdge: PlatformEdge = {
  storage: taroStorage,
  audio: audioEngine,
  device: platformDevice,
  fileStorage,
  inWechatBrowser: () => platformEnv.inWechatBrowser(),
  transport: taroTransportDeps,
  payment: createPaymentGateway,
  share: createShareGateway,
  auth: createAuthGateway,
}
