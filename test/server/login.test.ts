/**
 * The WeChat login stand-in: the login URL, the development login page and what it hands back,
 * and the mini-program login.
 */
import type { FastifyInstance } from 'fastify'
import type { ArrayData, ObjectData } from '../../types/api'
import type { WireMessage } from '../../types/lesson'
import type { LoginData, LoginUrlData } from '../../types/login'
import type { PayConfig } from '../../types/purchase'
import { LOGIN_URL, ORDER_CREATE, V2_LIST, WEAPP_LOGIN, post, testApp } from './helpers'
import type { Fields } from './helpers'

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

/** Presses a user's button on the login page: the form post and the redirect it answers. */
async function pressLogin(fields: Fields): Promise<URL> {
  const res = await app.inject({
    method: 'POST',
    url: '/dev/login',
    payload: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  expect(res.statusCode).toBe(303)
  return new URL(String(res.headers.location))
}

/** The LoginData a return URL carries, decoded the way the client does. */
function loginDataOf(url: URL): LoginData {
  expect(url.searchParams.get('type')).toBe('login')
  const raw = /[?&]data=([^&]*)/.exec(url.search)?.[1] ?? ''
  return JSON.parse(decodeURIComponent(raw)) as LoginData
}

describe('loginUrl', () => {
  it('points at the development login page of this server, carrying the request', async () => {
    const url = await loginUrl({ type: 2, courseData: 'demo-paid', redirect: 'http://localhost:10086/lessonPay' })
    expect(url.origin).toBe('http://localhost')
    expect(url.pathname).toBe('/dev/login')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      type: '2',
      courseData: 'demo-paid',
      redirect: 'http://localhost:10086/lessonPay',
    })
  })

  it.each([
    ['type 2 without courseData', { type: 2 }, 400, 'courseData is required'],
    ['an unknown type', { type: 3 }, 400, undefined],
    ['an unknown course', { type: 2, courseData: 'no-such-course' }, 404, 'course does not exist'],
    ['a script redirect', { type: 1, redirect: 'javascript:alert(1)' }, 400, 'redirect must be an http(s) URL'],
  ])('refuses %s', async (_, fields, code, msg) => {
    const { body } = await post(app, LOGIN_URL, fields)
    expect(body.code).toBe(code)
    if (msg) expect(body.msg).toBe(msg)
  })
})

describe('the development login page', () => {
  it('offers one button per seeded role and keeps the request, escaped', async () => {
    const url = await loginUrl({ type: 2, courseData: 'demo-paid', redirect: 'http://x/"><script>alert(1)</script>' })
    const res = await app.inject({ method: 'GET', url: url.pathname + url.search })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).toContain('WeChat login (development)')
    for (const wmid of ['wm_visitor', 'wm_buyer', 'wm_teacher']) expect(res.body).toContain(`value="${wmid}"`)
    expect(res.body).toContain('name="courseData" value="demo-paid"')
    expect(res.body).not.toContain('<script>')
  })

  it('logs a buyer in: the return URL carries a fresh credential and a working session', async () => {
    const url = await pressLogin({ wmid: 'wm_buyer', type: 2, courseData: 'demo-paid' })
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
    const data = loginDataOf(await pressLogin({ wmid: 'wm_visitor', type: 2, courseData: 'demo-paid' }))
    expect(data.isWeMaiUser).toBe(0)
    expect(data.token).toBeUndefined()
    const order = await post(app, ORDER_CREATE, { courseData: 'demo-paid', loginData: data.loginData })
    expect(order.body.code).toBe(403)
  })

  it('returns to /profile for type 1 and to the given redirect, replacing its login fields', async () => {
    const profile = await pressLogin({ wmid: 'wm_teacher', type: 1 })
    expect(profile.pathname).toBe('/profile')
    expect(loginDataOf(profile)).toMatchObject({ userid: 'wm_teacher', isWeMaiUser: 1 })

    const elsewhere = await pressLogin({ wmid: 'wm_buyer', redirect: 'http://127.0.0.1:10086/lessonPay?x=1&type=share' })
    expect(elsewhere.origin).toBe('http://127.0.0.1:10086')
    expect(elsewhere.searchParams.get('x')).toBe('1')
    expect(elsewhere.searchParams.getAll('type')).toEqual(['login'])
    expect(loginDataOf(elsewhere).courseData).toBeUndefined()
  })

  it('refuses users that are not on the page', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/dev/login',
      payload: 'wmid=wm_assistant&type=2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(res.json()).toMatchObject({ code: 400 })
  })
})

describe('mini-program login', () => {
  it.each([
    ['dev:wm_buyer', 'wm_buyer', 1],
    ['dev:wm_teacher', 'wm_teacher', 1],
    ['dev:wm_nobody', undefined, 0],
    ['0a1b2c', undefined, 0],
  ])('maps the code %s to the seeded user', async (code, userid, isWeMaiUser) => {
    const { body } = await post<ObjectData<LoginData>>(app, WEAPP_LOGIN, { code })
    expect(body.code).toBe(200)
    expect(body.data.object.isWeMaiUser).toBe(isWeMaiUser)
    expect(body.data.object.userid).toBe(userid)
    expect(body.data.object.loginData).toMatch(/^[0-9a-f]{48}$/)
  })

  it('gives the visitor code a credential of the visitor', async () => {
    const { body } = await post<ObjectData<LoginData>>(app, WEAPP_LOGIN, { code: 'anything' })
    const order = await post(app, ORDER_CREATE, { courseData: 'demo-paid', loginData: body.data.object.loginData })
    expect(order.body).toMatchObject({ code: 403, msg: 'please bind your phone first' })
  })
})
