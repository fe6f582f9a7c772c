import fc from 'fast-check'
import { parseReviewLink } from '../../../src/domain/reviewLink'

const link = { token: 'token-admin', userid: 'wm_admin', data: 'legacy-open' }

describe('parseReviewLink', () => {
  it('reads {token, userid, data} encoded once or twice', () => {
    const json = JSON.stringify(link)
    expect(parseReviewLink(json)).toEqual({ ok: true, link })
    expect(parseReviewLink(encodeURIComponent(json))).toEqual({ ok: true, link })
    expect(parseReviewLink(encodeURIComponent(encodeURIComponent(json)))).toEqual({ ok: true, link })
  })

  it('takes a numeric userid and lesson as text, and trims them', () => {
    expect(parseReviewLink(JSON.stringify({ token: ' t ', userid: 42, data: 7 }))).toEqual({ ok: true, link: { token: 't', userid: '42', data: '7' } })
  })

  it.each([
    [undefined, 'routeParam.missing'],
    ['', 'routeParam.missing'],
    ['%E0%A4%A', 'routeParam.invalid'],
    ['{broken', 'routeParam.invalid'],
    ['[1,2]', 'routeParam.invalid'],
    ['"text"', 'routeParam.invalid'],
    ['null', 'routeParam.invalid'],
    [JSON.stringify({ token: 't', userid: 'u' }), 'review.noLesson'],
    [JSON.stringify({ token: 't', userid: 'u', data: '  ' }), 'review.noLesson'],
    [JSON.stringify({ userid: 'u', data: 'd' }), 'review.noToken'],
    [JSON.stringify({ token: 't', data: 'd' }), 'review.noToken'],
    [JSON.stringify({ token: 5, userid: 'u', data: 'd' }), 'review.noToken'],
    [JSON.stringify({ token: 't', userid: 1.5, data: 'd' }), 'review.noToken'],
    ['{"__proto__":{"token":"t","userid":"u","data":"d"}}', 'review.noLesson'],
  ])('refuses %j with %s', (raw, problem) => {
    expect(parseReviewLink(raw)).toEqual({ ok: false, problem })
  })

  it('never throws and answers a link only with all three fields non-blank', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => encodeURIComponent(JSON.stringify(v)))), (raw) => {
        const result = parseReviewLink(raw)
        if (result.ok) {
          const values: unknown[] = Object.values(result.link)
          // each a string, not blank: something besides what trim() removes (\s)
          for (const value of values) expect(value).toMatch(/\S/)
        }
      }),
    )
  })
})
