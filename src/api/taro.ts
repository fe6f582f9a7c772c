import { PROFILE_REASON_LOGIN_EXPIRED } from '../domain/routeParams'
import { getLocale, t } from '../locales'
import { redirect, relaunch } from '../platform/navigation'
import { platformEnv } from '../platform/env'
import { http } from '../platform/http'
import type { TransportDeps } from './client'
import { feedback } from '../platform/feedback'

/** How long a GET on the API host may take before it counts as failed. */
const GET_TIMEOUT_MS = 5_000

/** Wires the transport to Taro and to the platform's HTTP edge (platform/http). */
export function taroTransportDeps(session: { headers: Record<string, string>; clear(): void }): TransportDeps {
  return {
    baseUrl: () => platformEnv.apiBase(),
    request: (options) => http.post(options),
    toast: (message, durationMs) => {
      feedback.toast({ title: message, icon: 'none', duration: durationMs })
    },
    goProfile: () => {
      // the reason lets /profile say that the login expired, which a normal visit does not
      relaunch('Profile', { reason: PROFILE_REASON_LOGIN_EXPIRED })
    },
    goVipAlert: () => {
      redirect('VipAlert')
    },
    sessionHeaders: () => session.headers,
    language: getLocale,
    clearSession: () => session.clear(),
    messages: {
      networkError: () => t('common.networkError'),
      timeout: () => t('common.timeout'),
      badResponse: () => t('common.loadFailed'),
    },
  }
}

/** A GET answering JSON on the API host (the live watch count, spec 001 §7); rejects on a failure. */
export function apiGetJson(path: string): Promise<unknown> {
  return http.getJson(platformEnv.apiBase() + path, GET_TIMEOUT_MS)
}
