/**
 * The login URL, the WeChat authorisation stand-in's page and what a login through it hands back,
 * and the mini-program login through the jscode2session stand-in (the protocol's details, its
 * attacks and production mode: wechatLogin.test.ts).
 */
import { textOf } from '../../server/core/messages'
import type { FastifyInstance } from 'fastify'
import type { ArrayData, ObjectData } from '../../types/api'
import type { WireMessage } from '../../types/lesson'
import type { LoginData, LoginUrlData } from '../../types/login'
import type { PayConfig } from '../../types/purchase'
import { LOGIN_URL, ORDER_CREATE, V2_LIST, WEAPP_LOGIN, post, testApp } from './helpers'
import type { Fields } from './helpers'
import { Browser, logInAs, loginDataOf, start } from './wechatFlow'

let app: FastifyInstance
beforeAll(async () => {
  app = await testApp()
})
afterAll(() => app.close())

async function loginUrl(fields: Fields): Promise<URL> {
  const { body } = await post<ObjectData<LoginUrlData>>(app, LOGIN_URL, fields)
  expect(body.code).toBe(200)
  return new URL(body.data.object.loginUrl)
}

describe('loginUrl', () => {
  it('points at the start of the WeChat login on this server, carrying the request', async () => {
    const url = await loginUrl({ type: 2, courseData: 'demo-paid', redirect: 'http://localhost/lessonPay' })
    expect(url.origin).toBe('http://localhost')
    expect(url.pathname).toBe('/wmim/wechat/login')
    expect(Object.fromEntries(url.searchParams)).toEqual({ type: '2', courseData: 'demo-paid', redirect: 'http://localhost/lessonPay' })
  })

  it.each([
    ['type 2 without courseData', { type: 2 }, 400, textOf('courseDataNeeded', 'zh-CN')],
    ['an unknown type', { type: 3 }, 400, undefined],
    ['an unknown course', { type: 2, courseData: 'no-such-course' }, 404, '课程不存在'],
    ['a script redirect', { type: 1, redirect: 'javascript:alert(1)' }, 400, '登录只能返回本网站的页面'],
    ['another site', { type: 1, redirect: 'https://evil.example/profile' }, 400, '登录只能返回本网站的页面'],
  ])('refuses %s', async (_, fields, code, msg) => {
    const { body } = await post(app, LOGIN_URL, fields)
    expect(body.code).toBe(code)
    if (msg) expect(body.msg).toBe(msg)
  })
})

describe('the WeChat authorisation stand-in', () => {
  it('offers one button per seeded role and a new WeChat user, keeping the request escaped', async () => {
    const authorize = await start(app, new Browser(), '/wmim/wechat/login?type=1')
    const res = await app.inject({ method: 'GET', url: authorize.pathname + authorize.search })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).toContain('WeChat authorisation (stand-in)')
    for (const wmid of ['wm_visitor', 'wm_buyer', 'wm_teacher']) expect(res.body).toContain(`value="${wmid}"`)
    expect(res.body).toMatch(/value="new-[0-9a-f]{8}"/)
    const hostile = new URL(authorize)
    hostile.searchParams.set('redirect_uri', 'http://x/"><script>alert(1)</script>')
    const escaped = await app.inject({ method: 'GET', url: hostile.pathname + hostile.search })
    expect(escaped.body).not.toContain('<script>')
    expect(escaped.body).toContain('&quot;&gt;&lt;script&gt;')
  })

  it('refuses another AppID, like WeChat', async () => {
    const authorize = await start(app, new Browser(), '/wmim/wechat/login?type=1')
    authorize.searchParams.set('appid', 'wx-someone-else')
    expect((await app.inject({ method: 'GET', url: authorize.pathname + authorize.search })).statusCode).toBe(400)
  })

  it('logs a buyer in: the return URL carries a fresh credential and a working session', async () => {
    const url = await logInAs(app, 'wm_buyer', '/wmim/wechat/login?type=2&courseData=demo-paid')
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost/lessonPay')
    const data = loginDataOf(url)
    expect(data).toMatchObject({
      isWeMaiUser: 1,
      courseData: 'demo-paid',
      courseType: 1,
      userid: 'wm_buyer',
      nickname: '学员阿杰',
    })
    expect(data.faceIcon).toMatch(/^http:\/\/localhost(:80)?\/media\/avatar-buyer\.png$/)
    expect(data.loginData).not.toMatch(/^login-/)

    const list = await post<ArrayData<WireMessage>>(
      app,
      V2_LIST,
      { courseData: 'paid-bought', page: 1, pageSize: 20 },
      { userid: String(data.userid), token: String(data.token) },
    )
    expect(list.body.code).toBe(200)
    const order = await post<ObjectData<PayConfig>>(app, ORDER_CREATE, { courseData: 'demo-paid', loginData: data.loginData })
    expect(order.body.data.object.isBought).toBe(0)
  })

  it('logs a visitor in without a session: buying needs a bound phone first', async () => {
    const data = loginDataOf(await logInAs(app, 'wm_visitor', '/wmim/wechat/login?type=2&courseData=demo-paid'))
    expect(data.isWeMaiUser).toBe(0)
    expect(data.token).toBeUndefined()
    const order = await post(app, ORDER_CREATE, { courseData: 'demo-paid', loginData: data.loginData })
    expect(order.body.code).toBe(403)
  })

  it('returns to /profile for type 1 and to the given page of this site, replacing its login fields', async () => {
    const profile = await logInAs(app, 'wm_teacher')
    expect(profile.pathname).toBe('/profile')
    expect(loginDataOf(profile)).toMatchObject({ userid: 'wm_teacher', isWeMaiUser: 1 })

    const elsewhere = await logInAs(app, 'wm_buyer', `/wmim/wechat/login?type=2&redirect=${encodeURIComponent('/lessonPay?x=1&type=share')}`)
    expect(elsewhere.pathname).toBe('/lessonPay')
    expect(elsewhere.searchParams.get('x')).toBe('1')
    expect(elsewhere.searchParams.getAll('type')).toEqual(['login'])
    expect(loginDataOf(elsewhere).courseData).toBeUndefined()
  })
})

describe('mini-program login', () => {
  it.each([
    ['dev:wm_buyer', 'wm_buyer', 1],
    ['dev:wm_teacher', 'wm_teacher', 1],
    ['dev:wm_nobody', undefined, 0],
    ['0a1b2c', undefined, 0],
  ])('maps the code %s to its persona (the seeded users by wmid, any other code the visitor)', async (code, userid, isWeMaiUser) => {
    const { body } = await post<ObjectData<LoginData>>(app, WEAPP_LOGIN, { code })
    expect(body.code).toBe(200)
    expect(body.data.object.isWeMaiUser).toBe(isWeMaiUser)
    expect(body.data.object.userid).toBe(userid)
    expect(body.data.object.loginData).toMatch(/^[0-9a-f]{48}$/)
  })

  it('gives the visitor code a credential of the visitor', async () => {
    const { body } = await post<ObjectData<LoginData>>(app, WEAPP_LOGIN, { code: 'anything' })
    const order = await post(app, ORDER_CREATE, { courseData: 'demo-paid', loginData: body.data.object.loginData })
    expect(order.body).toMatchObject({ code: 403, msg: textOf('bindPhoneFirst', 'zh-CN') })
  })
})
