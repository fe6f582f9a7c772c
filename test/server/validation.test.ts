import { textOf } from '../../server/core/messages'
import type { FastifyInstance } from 'fastify'
import type { InjectOptions } from 'fastify'
import { assertBoundedNumbers } from '../../server/core/schema'
import { FREE_LIST, OLD_INFO, OLD_LIST, PICTURES, V2_INFO, V2_LIST, post, testApp } from './helpers'
import type { Fields } from './helpers'

let app: FastifyInstance
beforeAll(async () => {
  app = await testApp()
})
afterAll(() => app.close())

/** A refusal is a bare envelope on HTTP 200: no stack, no file paths, no error internals. */
function expectCleanRefusal(status: number, raw: string, code = 400): string {
  expect(status).toBe(200)
  const body = JSON.parse(raw) as Record<string, unknown>
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg'])
  expect(body.code).toBe(code)
  expect(body.data).toBeNull()
  expect(raw).not.toMatch(/stack|node_modules|\s at |\.ts:/)
  return String(body.msg)
}

async function rawPost(options: Omit<InjectOptions, 'method'>): Promise<string> {
  const res = await app.inject({ method: 'POST', ...options })
  return expectCleanRefusal(res.statusCode, res.body)
}

describe('bodies that are not form-encoded', () => {
  it('refuses a JSON body, even one whose fields would pass', async () => {
    const msg = await rawPost({
      url: V2_LIST,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ courseData: 'demo-open', page: 1, pageSize: 20 }),
    })
    expect(msg).toBe('请求内容必须是表单格式')
  })

  it('refuses broken JSON, plain text and unknown content types', async () => {
    for (const [type, payload] of [
      ['application/json', '{"courseData":'],
      ['text/plain', 'courseData=demo-open'],
      ['application/xml', '<courseData>demo-open</courseData>'],
      ['multipart/form-data; boundary=x', '--x--'],
    ]) {
      expect(await rawPost({ url: V2_INFO, headers: { 'content-type': type }, payload })).toBe('请求内容必须是表单格式')
    }
  })

  it('refuses a POST with no body, naming the body', async () => {
    const res = await app.inject({ method: 'POST', url: V2_INFO })
    expect(expectCleanRefusal(res.statusCode, res.body)).toBe(textOf('fieldsNotForm', 'zh-CN'))
  })
})

describe('fields', () => {
  const cases: [string, string, Fields, RegExp][] = [
    ['missing courseData', V2_INFO, {}, /^请填写课程链接$/],
    ['missing data', OLD_INFO, { courseData: 'legacy-open' }, /^请填写链接信息$/],
    ['missing page', V2_LIST, { courseData: 'demo-open', pageSize: 20 }, /^请填写页码$/],
    ['missing pageSize', OLD_LIST, { data: 'legacy-open', page: 1 }, /^请填写每页条数$/],
    ['missing msgTimestamp', PICTURES, { courseData: 'demo-open' }, /^请填写消息时间$/],
    ['a word for page', V2_LIST, { courseData: 'demo-open', page: 'one', pageSize: 20 }, /^页码必须是整数$/],
    ['a fraction for pageSize', FREE_LIST, { courseData: 'demo-paid', page: 1, pageSize: 2.5 }, /^每页条数必须是整数$/],
    ['a huge pageSize', V2_LIST, { courseData: 'demo-open', page: 1, pageSize: 1e9 }, /^每页条数超出了允许的范围$/],
    ['a negative msgTimestamp', PICTURES, { courseData: 'demo-open', msgTimestamp: -1 }, /^消息时间超出了允许的范围$/],
    ['a word for msgTimestamp', PICTURES, { courseData: 'demo-open', msgTimestamp: 'latest' }, /^消息时间必须是整数$/],
    ['an empty courseData', V2_INFO, { courseData: '' }, /^课程链接不能为空$/],
    ['an oversized courseData', V2_INFO, { courseData: 'x'.repeat(129) }, /^课程链接不能超过 128 个字$/],
    [
      'an oversized coursePass',
      V2_LIST,
      { courseData: 'demo-password', page: 1, pageSize: 20, coursePass: '8'.repeat(65) },
      /^课程密码不能超过 64 个字$/,
    ],
  ]

  it.each(cases)('refuses %s with a message naming the field', async (_, url, fields, msg) => {
    const { raw, status } = await post(app, url, fields)
    expect(expectCleanRefusal(status, raw)).toMatch(msg)
  })

  it('refuses a field sent twice', async () => {
    const msg = await rawPost({
      url: V2_LIST,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'courseData=demo-open&page=1&page=2&pageSize=20',
    })
    expect(msg).toBe('页码必须是整数')
  })

  it('refuses percent-garbage without crashing', async () => {
    const msg = await rawPost({
      url: V2_INFO,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '%%%&&&==%zz',
    })
    expect(msg).toBe('请求内容的编码有误')
  })

  it.each([
    ['an escape that is no UTF-8', 'courseData=demo-open%E0'],
    ['a lone percent sign', 'courseData=100%'],
  ])('refuses %s rather than store it as it came (issue 29, item 13)', async (_name, payload) => {
    const msg = await rawPost({ url: V2_INFO, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload })
    expect(msg).toBe('请求内容的编码有误')
    const english = await rawPost({ url: V2_INFO, headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en-US,en;q=0.9' }, payload })
    expect(english).toBe(textOf('badPercentEncoding', 'en'))
  })

  it.each([
    ['NUL', '\u0000'],
    ['BEL', '\u0007'],
    ['a line break', '\n'],
    ['DEL', '\u007f'],
    ['a C1 control', '\u0085'],
    ['RLO', '\u202e'],
    ['an isolate', '\u2066'],
  ])('refuses %s in any typed field (issue 29, item 13)', async (_name, control) => {
    const { body } = await post(app, V2_INFO, { courseData: `demo${control}-open` })
    expect(body).toMatchObject({ code: 400, msg: '课程链接含有不能输入的控制字符' })
    const english = await post(app, V2_INFO, { courseData: `demo${control}-open` }, { 'accept-language': 'en' })
    expect(english.body).toMatchObject({ code: 400, msg: 'course link must not contain control characters' })
  })

  it('takes the characters people do type: Chinese, emoji, spaces and punctuation', async () => {
    const { body } = await post(app, '/wmim/invite/qrcodes/friend/add.do', { data: 'no-such-invite', message: '你好 😀！— «ok»' })
    expect(body.code).toBe(404)
  })

  it('accepts numbers sent as form strings', async () => {
    const { body } = await post(app, V2_LIST, { courseData: 'demo-open', page: '2', pageSize: '10' })
    expect(body.code).toBe(200)
  })
})

describe('unknown calls', () => {
  it('answer an envelope 404, never the app shell', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/wmim/course/v2/nope.do',
      payload: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 404, data: null })
  })
})

describe('numbers that are not finite decimal integers (issue 15 item 2)', () => {
  const NOT_DECIMAL = ['1e400', 'Infinity', '-Infinity', '-1e309', '1e309', '1e3', '0x10', ' 1', '1.0', 'NaN']
  const calls: [string, Fields, string[]][] = [
    [V2_LIST, { courseData: 'demo-open', page: 1, pageSize: 20 }, ['page', 'pageSize']],
    [OLD_LIST, { data: 'legacy-open', page: 1, pageSize: 20 }, ['page', 'pageSize']],
    [FREE_LIST, { courseData: 'demo-paid', page: 1, pageSize: 2 }, ['page', 'pageSize']],
    [PICTURES, { courseData: 'demo-open', msgTimestamp: 0, pageSize: 10 }, ['msgTimestamp', 'pageSize']],
  ]
  const cases = calls.flatMap(([url, fields, numeric]) =>
    numeric.flatMap((name) => NOT_DECIMAL.map((text): [string, string, string, Fields] => [url, name, text, { ...fields, [name]: text }])),
  )

  it.each(cases)('%s refuses %s=%j with 400', async (url, name, _text, fields) => {
    const { raw, status } = await post(app, url, fields)
    expect(expectCleanRefusal(status, raw)).toBe(`${name === 'page' ? '页码' : name === 'pageSize' ? '每页条数' : '消息时间'}必须是整数`)
  })

  it.each([
    [V2_LIST, { courseData: 'demo-open', page: '9'.repeat(20), pageSize: 20 }, /^页码超出了允许的范围$/],
    [OLD_LIST, { data: 'legacy-open', page: 1, pageSize: '1'.repeat(32) }, /^每页条数超出了允许的范围$/],
    [PICTURES, { courseData: 'demo-open', msgTimestamp: '9007199254740993' }, /^消息时间超出了允许的范围$/],
    [PICTURES, { courseData: 'demo-open', msgTimestamp: '1'.repeat(33) }, /^消息时间必须是整数$/],
    [FREE_LIST, { courseData: 'demo-paid', page: 0, pageSize: 2 }, /^页码超出了允许的范围$/],
  ] as [string, Fields, RegExp][])('%s refuses out-of-range digits %j', async (url, fields, msg) => {
    const { raw, status } = await post(app, url, fields)
    expect(expectCleanRefusal(status, raw)).toMatch(msg)
  })

  it('still reads negative digits as numbers, so the bound names the problem', async () => {
    const { raw, status } = await post(app, PICTURES, { courseData: 'demo-open', msgTimestamp: '-5' })
    expect(expectCleanRefusal(status, raw)).toBe('消息时间超出了允许的范围')
  })
})

describe('registering a call', () => {
  it('refuses a number field without safe bounds, so every future call gets the checks above', () => {
    expect(() => assertBoundedNumbers('/x.do', { n: { type: 'integer', minimum: 0 } })).toThrow('n must be an integer')
    expect(() => assertBoundedNumbers('/x.do', { n: { type: 'number', minimum: 0, maximum: 1 } })).toThrow('/x.do')
    expect(() => assertBoundedNumbers('/x.do', { n: { type: 'integer', minimum: 0, maximum: Infinity } })).toThrow()
    expect(() => assertBoundedNumbers('/x.do', { n: { type: 'integer', minimum: 0, maximum: 9 }, e: { type: 'integer', enum: [1, 2] } })).not.toThrow()
  })
})
