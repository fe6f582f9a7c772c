/**
 * The WeChat login client (server/outside/wechatOauth/client.ts) and its stand-in, checked against
 * WeChat's published examples (官方文档: 网页授权, auth.code2Session), not only against each other:
 * the documented authorisation links, request URLs and answer bodies. The network is the edge
 * faked here: a fetch that records what the client sends and answers WeChat's documented bodies.
 */
import type { FastifyInstance } from 'fastify'
import { DEMO_WECHAT } from '../../server/core/wechat'
import { CODE_ERRORS, WechatApiError, authorizeUrl, createWechatOauthClient } from '../../server/outside/wechatOauth/client'
import type { OutsideFetch } from '../../server/outside/fetch'
import { Browser, authorizeAs, start } from './wechatFlow'
import { testApp } from './helpers'

const OFFICIAL = { appId: 'wx807d86fb6b3d4fd2', appSecret: 'SECRET' }
const MINI = { appId: 'wx4f28b4b2dcaafca1', appSecret: 'MINISECRET' }
const BASES = { api: 'https://api.weixin.qq.com', open: 'https://open.weixin.qq.com' }

/** 网页授权 step 2's documented answer (with the fields WeChat added since: is_snapshotuser, unionid). */
const ACCESS_TOKEN_EXAMPLE = {
  access_token: 'ACCESS_TOKEN',
  expires_in: 7200,
  refresh_token: 'REFRESH_TOKEN',
  openid: 'OPENID',
  scope: 'SCOPE',
  is_snapshotuser: 1,
  unionid: 'UNIONID',
}
/** 网页授权 step 4's documented answer (its nickname, shown unquoted in the document, quoted here). */
const USERINFO_EXAMPLE = {
  openid: 'OPENID',
  nickname: 'NICKNAME',
  sex: 1,
  province: 'PROVINCE',
  city: 'CITY',
  country: 'COUNTRY',
  headimgurl: 'https://thirdwx.qlogo.cn/mmopen/g3MonUZtNHkdmzicIlibx6iaFqAc56vxLSUfpb6n5WKSYVY0ChQKkiaJSgQ1dZuTOgvLLrhJbERQQ4eMsv84eavHiaiceqxibJxCfHe/46',
  privilege: ['PRIVILEGE1', 'PRIVILEGE2'],
  unionid: 'o6_bmasdasdsad6_2sgVt7hMZOPfL',
}
/** auth.code2Session's documented answer: errcode 0 and an errmsg on success too. */
const CODE2SESSION_EXAMPLE = { openid: 'xxxxxx', session_key: 'xxxxx', unionid: 'xxxxx', errcode: 0, errmsg: 'xxxxx' }

function fakeWechat(body: unknown, status = 200): { send: OutsideFetch; sent: string[] } {
  const sent: string[] = []
  const send: OutsideFetch = async (url) => {
    sent.push(url)
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }
  return { send, sent }
}

describe('the authorisation link', () => {
  it('is WeChat\'s documented examples, byte for byte, parameters in their order', () => {
    expect(authorizeUrl(BASES.open, 'wx807d86fb6b3d4fd2', 'http://developers.weixin.qq.com', 'snsapi_userinfo', 'STATE')).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx807d86fb6b3d4fd2&redirect_uri=http%3A%2F%2Fdevelopers.weixin.qq.com&response_type=code&scope=snsapi_userinfo&state=STATE#wechat_redirect',
    )
    expect(
      authorizeUrl(
        BASES.open,
        'wx520c15f417810387',
        'https://chong.qq.com/php/index.php?d=&c=wxAdapter&m=mobileDeal&showwxpaytitle=1&vb2ctag=4_2030_5_1194_60',
        'snsapi_base',
        '123',
      ),
    ).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx520c15f417810387&redirect_uri=https%3A%2F%2Fchong.qq.com%2Fphp%2Findex.php%3Fd%3D%26c%3DwxAdapter%26m%3DmobileDeal%26showwxpaytitle%3D1%26vb2ctag%3D4_2030_5_1194_60&response_type=code&scope=snsapi_base&state=123#wechat_redirect',
    )
  })
})

describe('the client on WeChat\'s documented answers', () => {
  it('exchanges a code: GET sns/oauth2/access_token with appid, secret, code, grant_type', async () => {
    const wechat = fakeWechat(ACCESS_TOKEN_EXAMPLE)
    const token = await createWechatOauthClient(wechat.send, BASES, OFFICIAL, MINI).exchangeCode('CODE')
    expect(wechat.sent).toEqual(['https://api.weixin.qq.com/sns/oauth2/access_token?appid=wx807d86fb6b3d4fd2&secret=SECRET&code=CODE&grant_type=authorization_code'])
    expect(token).toEqual({ accessToken: 'ACCESS_TOKEN', openid: 'OPENID', scope: 'snsapi_base', unionid: 'UNIONID', snapshotUser: true })
  })

  it('reads an older answer\'s comma-joined scope', async () => {
    const wechat = fakeWechat({ ...ACCESS_TOKEN_EXAMPLE, scope: 'snsapi_userinfo,', is_snapshotuser: undefined, unionid: undefined })
    const token = await createWechatOauthClient(wechat.send, BASES, OFFICIAL, MINI).exchangeCode('CODE')
    expect(token).toEqual({ accessToken: 'ACCESS_TOKEN', openid: 'OPENID', scope: 'snsapi_userinfo', snapshotUser: false })
  })

  it('reads the user info: GET sns/userinfo with access_token, openid, lang', async () => {
    const wechat = fakeWechat(USERINFO_EXAMPLE)
    const client = createWechatOauthClient(wechat.send, BASES, OFFICIAL, MINI)
    const profile = await client.userInfo({ accessToken: 'ACCESS_TOKEN', openid: 'OPENID', scope: 'snsapi_userinfo', snapshotUser: false })
    expect(wechat.sent).toEqual(['https://api.weixin.qq.com/sns/userinfo?access_token=ACCESS_TOKEN&openid=OPENID&lang=zh_CN'])
    expect(profile).toEqual({ openid: 'OPENID', nickname: 'NICKNAME', headimgurl: USERINFO_EXAMPLE.headimgurl, unionid: 'o6_bmasdasdsad6_2sgVt7hMZOPfL' })
  })

  it('exchanges a mini-program code: GET sns/jscode2session with the mini-program\'s appid and secret', async () => {
    const wechat = fakeWechat(CODE2SESSION_EXAMPLE)
    const session = await createWechatOauthClient(wechat.send, BASES, OFFICIAL, MINI).jscode2session('JSCODE')
    expect(wechat.sent).toEqual(['https://api.weixin.qq.com/sns/jscode2session?appid=wx4f28b4b2dcaafca1&secret=MINISECRET&js_code=JSCODE&grant_type=authorization_code'])
    expect(session).toEqual({ openid: 'xxxxxx', sessionKey: 'xxxxx', unionid: 'xxxxx' })
  })

  it.each([
    ['the documented invalid code', { errcode: 40029, errmsg: 'invalid code' }, 40029],
    ['a used code', { errcode: 40163, errmsg: 'code been used, rid: 5f0e1b9c-1a2b3c4d-5e6f7a8b' }, 40163],
    ['a wrong secret', { errcode: 40125, errmsg: 'invalid appsecret' }, 40125],
    ['a busy WeChat', { errcode: -1, errmsg: 'system error' }, -1],
    ['an answer without openid', { access_token: 'A', scope: 'snsapi_base' }, -2],
    ['an answer that is no object', ['openid'], -2],
  ])('refuses %s with its errcode', async (_, body, errcode) => {
    const error = await createWechatOauthClient(fakeWechat(body).send, BASES, OFFICIAL, MINI)
      .exchangeCode('CODE')
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(WechatApiError)
    expect((error as WechatApiError).errcode).toBe(errcode)
  })

  it('says WeChat could not be reached, or answered no JSON', async () => {
    const down: OutsideFetch = async () => {
      throw new TypeError('fetch failed')
    }
    await expect(createWechatOauthClient(down, BASES, OFFICIAL, MINI).jscode2session('C')).rejects.toThrow('WeChat could not be reached: fetch failed')
    const html: OutsideFetch = async () => new Response('<html>502</html>', { status: 502 })
    await expect(createWechatOauthClient(html, BASES, OFFICIAL, MINI).jscode2session('C')).rejects.toThrow('WeChat answered HTTP 502 without JSON')
  })

  it('treats invalid and used codes alike (a new authorisation is the cure)', () => {
    expect([...CODE_ERRORS].sort()).toEqual([40029, 40163])
  })
})

describe('the stand-in answers what WeChat documents', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await testApp()
  })
  afterAll(() => app.close())

  const keys = (value: object): string[] => Object.keys(value).sort()
  const get = async (url: string): Promise<Record<string, unknown>> => (await app.inject({ method: 'GET', url })).json()

  it('answers the documented fields of access_token, userinfo and jscode2session, and the documented errors', async () => {
    const browser = new Browser()
    const authorize = await start(app, browser, '/wmim/wechat/login?type=1')
    authorize.searchParams.set('scope', 'snsapi_userinfo')
    const back = await authorizeAs(app, authorize, 'wm_buyer')
    const code = back.searchParams.get('code') ?? ''
    const api = '/standin/wechat-api'
    const token = await get(`${api}/sns/oauth2/access_token?appid=${DEMO_WECHAT.appId}&secret=${DEMO_WECHAT.appSecret}&code=${encodeURIComponent(code)}&grant_type=authorization_code`)
    // is_snapshotuser comes only for a snapshot page's virtual account
    expect(keys(token)).toEqual(keys(ACCESS_TOKEN_EXAMPLE).filter((key) => key !== 'is_snapshotuser'))
    expect(token).toMatchObject({ expires_in: 7200, scope: 'snsapi_userinfo', openid: 'dev-oa-wm_buyer', unionid: 'dev-union-wm_buyer' })

    const info = await get(`${api}/sns/userinfo?access_token=${encodeURIComponent(String(token.access_token))}&openid=dev-oa-wm_buyer&lang=zh_CN`)
    expect(keys(info)).toEqual(keys(USERINFO_EXAMPLE))

    const session = await get(`${api}/sns/jscode2session?appid=${DEMO_WECHAT.miniAppId}&secret=${DEMO_WECHAT.miniAppSecret}&js_code=dev:wm_buyer&grant_type=authorization_code`)
    expect(keys(session)).toEqual(keys({ openid: '', session_key: '', unionid: '' }))

    expect(await get(`${api}/sns/oauth2/access_token?appid=${DEMO_WECHAT.appId}&secret=${DEMO_WECHAT.appSecret}&code=nonsense&grant_type=authorization_code`)).toMatchObject({
      errcode: 40029,
      errmsg: expect.stringMatching(/^invalid code/) as unknown,
    })
    expect(await get(`${api}/sns/oauth2/access_token?appid=${DEMO_WECHAT.appId}&secret=wrong&code=x&grant_type=authorization_code`)).toMatchObject({ errcode: 40125 })
    expect(await get(`${api}/sns/userinfo?access_token=${encodeURIComponent(String(token.access_token))}&openid=someone-else&lang=zh_CN`)).toMatchObject({ errcode: 40003 })
  })
})
