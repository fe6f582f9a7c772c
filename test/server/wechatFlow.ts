/**
 * The WeChat web login as a browser walks it, through `inject`: our start URL (which sets the
 * browser's cookie and leaves for WeChat's authorisation), the stand-in's authorisation page
 * (server/outside/wechatOauth/standin.ts: pick a persona), and the return to our server.
 * `standin` is the app that serves the stand-in (the app itself in demo mode).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { LoginData } from '../../types/login'

export const BASE = 'http://localhost'

/** A browser: its cookies for our server. */
export class Browser {
  private readonly cookies = new Map<string, string>()

  get cookie(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  keep(res: LightMyRequestResponse): void {
    const set = res.headers['set-cookie']
    for (const line of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair] = line.split(';')
      const [name, value] = pair.split('=')
      this.cookies.set(name.trim(), value)
    }
  }

  async get(app: FastifyInstance, url: string): Promise<LightMyRequestResponse> {
    const target = new URL(url, BASE)
    const res = await app.inject({ method: 'GET', url: target.pathname + target.search, headers: this.cookie ? { cookie: this.cookie } : {} })
    this.keep(res)
    return res
  }
}

export function locationOf(res: LightMyRequestResponse): URL {
  expect([302, 303]).toContain(res.statusCode)
  return new URL(String(res.headers.location), BASE)
}

/** Our start URL: answers the authorisation URL it leaves for. */
export async function start(app: FastifyInstance, browser: Browser, url: string): Promise<URL> {
  return locationOf(await browser.get(app, url))
}

/** The person picks `persona` on the stand-in's page ('' refuses): the return URL WeChat sends the browser to. */
export async function authorizeAs(standin: FastifyInstance, authorize: URL, persona: string): Promise<URL> {
  const fields = new URLSearchParams({
    appid: authorize.searchParams.get('appid') ?? '',
    redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
    response_type: authorize.searchParams.get('response_type') ?? '',
    scope: authorize.searchParams.get('scope') ?? '',
    state: authorize.searchParams.get('state') ?? '',
    persona,
  })
  const res = await standin.inject({
    method: 'POST',
    url: `${authorize.pathname}/confirm`,
    payload: fields.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  return locationOf(res)
}

/** The LoginData a return URL carries, decoded as the client does. */
export function loginDataOf(url: URL): LoginData {
  expect(url.searchParams.get('type')).toBe('login')
  const raw = /[?&]data=([^&]*)/.exec(url.search)?.[1] ?? ''
  return JSON.parse(decodeURIComponent(raw)) as LoginData
}

/**
 * A whole login as `persona` from `startUrl`: silent (snsapi_base) for someone known, with the
 * nickname-and-picture hop (snsapi_userinfo) for someone new. The page it lands on.
 */
export async function logInAs(app: FastifyInstance, persona: string, startUrl = '/wmim/wechat/login?type=1', standin = app, browser = new Browser()): Promise<URL> {
  let authorize = await start(app, browser, startUrl)
  for (let hop = 0; hop < 2; hop += 1) {
    const back = await authorizeAs(standin, authorize, persona)
    const landed = locationOf(await browser.get(app, back.pathname + back.search))
    if (!landed.pathname.endsWith('/connect/oauth2/authorize')) return landed
    expect(landed.searchParams.get('scope')).toBe('snsapi_userinfo')
    authorize = landed
  }
  throw new Error('the login kept asking for authorisation')
}
