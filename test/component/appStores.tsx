import type { ReactNode } from 'react'
import type { TransportDeps } from '../../src/api/client'
import { createAppStores, type AppStores, type PlatformEdge } from '../../src/app/composition'
import { AppStoresContext } from '../../src/app/stores'
import { memoryStorage } from '../fixtures/storage'
import { FakeEngine } from './player/support'

/** The transport edge with only the request itself faked; session headers and 601 go to the real session. */
export function fakeTransport(request: TransportDeps['request']): PlatformEdge['transport'] {
  return (session) => ({
    baseUrl: () => '',
    request,
    toast: () => undefined,
    goProfile: () => undefined,
    goVipAlert: () => undefined,
    sessionHeaders: () => session.headers,
    clearSession: () => session.clear(),
    messages: { networkError: () => 'network', timeout: () => 'timeout', badResponse: () => 'bad' },
  })
}

/**
 * The app's real composition over fakes of the platform edge: storage in memory, a fake audio engine,
 * gateways that do nothing, and a transport whose every call answers 404 unless `edge.transport` says
 * otherwise. `overrides` swaps single stores or factories for ones a test holds.
 */
export function testAppStores(edge: Partial<PlatformEdge> = {}, overrides: Partial<AppStores> = {}): AppStores {
  const stores = createAppStores({
    storage: memoryStorage(),
    audio: new FakeEngine(),
    device: { kind: () => 'browser', onHide: () => () => undefined },
    fileStorage: { supported: false, save: () => Promise.reject(new Error('no files')), writeText: () => Promise.reject(new Error('no files')), readText: () => Promise.reject(new Error('no files')), remove: async () => undefined },
    inWechatBrowser: () => false,
    transport: fakeTransport(async () => ({ statusCode: 200, data: { code: 404, msg: 'no backend in this test', data: null } })),
    payment: () => ({ pay: async () => 'cancel', restricted: () => false, orderPlatform: () => undefined }),
    share: () => ({ setShareContent: async () => undefined }),
    auth: () => ({ login: async () => ({ kind: 'redirected' }) }),
    ...edge,
  })
  return { ...stores, ...overrides }
}

/** Provides `stores` to the screens below, as app.tsx does for every page. */
export function WithStores({ stores, children }: { stores: AppStores; children: ReactNode }) {
  return <AppStoresContext.Provider value={stores}>{children}</AppStoresContext.Provider>
}
