/** The JS-SDK share config: signed like WeChat's with the ticket WeChat gave, and 505 when there is no page to sign. */
import { textOf } from '../../server/core/messages'
import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ObjectData } from '../../types/api'
import type { ShareConfig } from '../../types/share'
import { SHARE_CONFIG, post, testApp } from './helpers'
import type { Fields } from './helpers'

let app: FastifyInstance
beforeAll(async () => {
  app = await testApp()
})
afterAll(() => app.close())

const sha1 = (text: string): string => createHash('sha1').update(text, 'utf8').digest('hex')
/** The ticket the demo's WeChat stand-in gave, as the server keeps it (server/outside/wechatToken). */
const jsapiTicket = async (): Promise<string> => (await app.db.one<{ ticket: string }>('SELECT ticket FROM wechat_jsapi'))?.ticket ?? ''

async function shareConfig(fields: Fields) {
  return post<ObjectData<ShareConfig>>(app, SHARE_CONFIG, fields)
}

describe('share config', () => {
  it('signs the page URL without its fragment, as the JS-SDK checks it', async () => {
    const page = 'https://h5.example.com/lessonPay/share/demo-paid/1?from=timeline&x=%E4%B8%AD'
    const { body } = await shareConfig({ registerUrl: `${page}#/section` })
    expect(body.code).toBe(200)
    const { appId, timestamp, nonceStr, signature } = body.data.object
    expect(appId).toBe('wx-dev-sandbox')
    expect(Number.isInteger(timestamp)).toBe(true)
    expect(nonceStr).toMatch(/^[0-9A-Za-z]+$/)
    const signed = `jsapi_ticket=${await jsapiTicket()}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${page}`
    expect(signature).toBe(sha1(signed))
  })

  it('signs each page for itself', async () => {
    const { body } = await shareConfig({ registerUrl: 'http://localhost:10086/lesson?data=1' })
    const { timestamp, nonceStr, signature } = body.data.object
    const otherPage = 'http://localhost:10086/lesson?data=2'
    const other = sha1(`jsapi_ticket=${await jsapiTicket()}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${otherPage}`)
    expect(signature).not.toBe(other)
  })

  it.each([
    ['a missing registerUrl', {}],
    ['an empty registerUrl', { registerUrl: '' }],
    ['a registerUrl that is no page', { registerUrl: 'javascript:alert(1)' }],
  ])('answers 505 to %s, which the client skips silently', async (_, fields) => {
    const { body } = await shareConfig(fields)
    expect(body).toEqual({ code: 505, msg: textOf('shareConfigUnavailable', 'zh-CN'), data: null })
  })
})
