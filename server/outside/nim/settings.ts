import { baseUrl, readSettings, type Environment } from '../settings'
import type { NimConfig } from './client'

/** NetEase IM's variables (what each one is: core/operatorTexts.ts). */
export const NIM_SETTINGS = ['NIM_APP_KEY', 'NIM_APP_SECRET'] as const

/**
 * NIM_APP_KEY and NIM_APP_SECRET (both, or neither: the local chat room) and NIM_API_BASE
 * (https://api.netease.im/nimserver). One without the other is MissingSettings.
 */
export function nimFromEnv(env: Environment): NimConfig | undefined {
  if (!env.NIM_APP_KEY?.trim() && !env.NIM_APP_SECRET?.trim()) return undefined
  const s = readSettings(env, NIM_SETTINGS)
  return { appKey: s.NIM_APP_KEY, appSecret: s.NIM_APP_SECRET, base: baseUrl(env, 'NIM_API_BASE', 'https://api.netease.im/nimserver') }
}
