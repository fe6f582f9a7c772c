/**
 * Issue 31 item 1, the native app's web view (spec 000 §7 getUserInfo): the H5 login gateway asks
 * the app who its user is and hands what the app answers to the server, which checks the app
 * backend's signature (server/login/appBridge.ts); no WeChat round trip. The app's bridge
 * (WebViewJavascriptBridge) is the platform edge faked here, and the login calls are fakes.
 */
import { createAuthGateway, type AuthDeps } from '../../../src/platform/auth'
import type { LoginData } from '../../../types/login'

const APP_USER: LoginData = { loginData: 'ld-app', isWeMaiUser: 1, userid: 'wm_app', token: 't' }

type Handler = (name: string, data: string, callback?: (answer: unknown) => void) => void

function inTheApp(handler: Handler): jest.Mock {
  const callHandler = jest.fn(handler)
  Object.assign(globalThis, { WebViewJavascriptBridge: { callHandler } })
  return callHandler
}

function deps(): jest.Mocked<AuthDeps> {
  return {
    weappLogin: jest.fn<Promise<LoginData>, [string]>(),
    appLogin: jest.fn<Promise<LoginData>, [string, string]>(async () => APP_USER),
    loginUrl: jest.fn<Promise<string>, Parameters<AuthDeps['loginUrl']>>(async () => 'https://example.test/login'),
  }
}

afterEach(() => {
  delete (globalThis as { WebViewJavascriptBridge?: unknown }).WebViewJavascriptBridge
})

it('logs the app\'s user in with what getUserInfo answers, checked by the server', async () => {
  const bridge = inTheApp((name, _data, callback) => {
    if (name === 'getUserInfo') callback?.(JSON.stringify({ userid: 'wm_app', encryptData: 'payload.signature', nickname: '小王' }))
  })
  const login = deps()
  const outcome = await createAuthGateway(login).login({ type: 1 })
  expect(bridge).toHaveBeenCalledWith('getUserInfo', '{}', expect.any(Function))
  expect(login.appLogin).toHaveBeenCalledWith('wm_app', 'payload.signature')
  expect(outcome).toEqual({ kind: 'loggedIn', data: APP_USER })
  expect(login.loginUrl).not.toHaveBeenCalled()
})

it('tells the user when the server refuses the app\'s token, and does not leave for WeChat', async () => {
  inTheApp((_name, _data, callback) => callback?.({ userid: 7, encryptData: 'forged' }))
  const login = deps()
  login.appLogin.mockRejectedValueOnce(new Error('App 登录信息无效或已过期，请重新打开页面'))
  await expect(createAuthGateway(login).login({ type: 2, courseData: 'c1' })).rejects.toThrow('App 登录信息无效或已过期')
  expect(login.appLogin).toHaveBeenCalledWith('7', 'forged')
  expect(login.loginUrl).not.toHaveBeenCalled()
})
