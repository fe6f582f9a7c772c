import Taro from '@tarojs/taro'
import { t } from '../locales'
import { toPageUrl } from '../domain/routes'
import { platformEnv } from '../platform/env'
import type { TransportDeps } from './client'

/** Wires the transport to Taro: with taroGetJson below, the only place that calls Taro.request. */
export function taroTransportDeps(session: { headers: Record<string, string>; clear(): void }): TransportDeps {
  return {
    baseUrl: () => platformEnv.apiBase(),
    request: async ({ url, body, headers, timeoutMs }) => {
      const res = await Taro.request({ url, method: 'POST', data: body, header: headers, timeout: timeoutMs, dataType: 'json' })
      return { statusCode: res.statusCode, data: res.data }
    },
    toast: (message, durationMs) => {
      void Taro.showToast({ title: message, icon: 'none', duration: durationMs })
    },
    goProfile: () => {
      void Taro.reLaunch({ url: toPageUrl('Profile') })
    },
    goVipAlert: () => {
      void Taro.redirectTo({ url: toPageUrl('VipAlert') })
    },
    sessionHeaders: () => session.headers,
    clearSession: () => session.clear(),
    messages: {
      networkError: () => t('common.networkError'),
      timeout: () => t('common.timeout'),
      badResponse: () => t('common.loadFailed'),
    },
  }
}

/** A GET answering JSON on the API host (the live watch count, spec 001 §7); rejects on a failure. */
export async function taroGetJson(path: string): Promise<unknown> {
  const res = await Taro.request({ url: platformEnv.apiBase() + path, method: 'GET', dataType: 'json' })
  if (res.statusCode !== 200) throw new Error(`GET ${path}: ${res.statusCode}`)
  return res.data
}
