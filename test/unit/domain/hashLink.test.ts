import fc from 'fast-check'
import { hashLinkTarget } from '../../../src/domain/hashLink'
import { resolvePath } from '../../../src/domain/routes'

describe('hashLinkTarget: old hash links map to the route table', () => {
  test.each([
    // shared in a chat: WeChat's suffix on the outer query is dropped, the hash's query is kept
    ['/?from=singlemessage#/lesson/1?data=abc', '/lesson/1?data=abc'],
    ['/?from=singlemessage&isappinstalled=0#/lesson/1?data=abc', '/lesson/1?data=abc'],
    ['/#/lesson/1?data=abc&from=timeline&isappinstalled=0', '/lesson/1?data=abc'],
    ['#/playLesson?data=abc', '/lesson?data=abc'],
    ['/#/lessonPay/share/demo-paid/1', '/lessonPay/share/demo-paid/1'],
    ['/#/lessonPay/share/demo-paid/1?from=groupmessage', '/lessonPay/share/demo-paid/1'],
    // the old site's query beside the hash still reaches the page; the hash's wins
    ['/?data=outer#/lesson/1?data=inner', '/lesson/1?data=inner'],
    ['/?data=outer#/lesson/1', '/lesson/1?data=outer'],
    // base64 keeps its plus, and an encoded value stays one value
    ['/#/lesson/0?data=a+b%2Fc%3D', '/lesson/0?data=a%2Bb%2Fc%3D'],
    // a planned route maps to its own path: not-found until its page is built
    ['/#/welcome/eyJhIjoxfQ', '/welcome/eyJhIjoxfQ'],
    ['/#/wmCircleDetail?data=x', '/wmCircleDetail?data=x'],
  ])('%s -> %s', (url, target) => {
    expect(hashLinkTarget(url)).toBe(target)
  })

  test('the target resolves to the same route and parameters as the old link, less the share suffix', () => {
    const old = resolvePath('/?from=singlemessage#/lesson/1?data=abc')
    const mapped = resolvePath(hashLinkTarget('/?from=singlemessage#/lesson/1?data=abc') ?? '')
    expect(mapped?.route.name).toBe(old?.route.name)
    expect(mapped?.params).toEqual({ isPayLesson: '1', data: 'abc' })
  })

  test('an unknown hash route goes to the not-found page naming it', () => {
    expect(hashLinkTarget('/#/noSuchPage/x?y=1')).toBe('/notFound?path=%2FnoSuchPage%2Fx')
  })

  test.each([
    ['/lesson/1?data=abc'],
    ['/lesson/1?data=abc#/launcher'],
    ['/#'],
    ['/#top'],
    ['/?from=singlemessage'],
    [''],
  ])('%s is not an old hash link', (url) => {
    expect(hashLinkTarget(url)).toBeNull()
  })

  test('a hash naming another host stays on this site', () => {
    for (const url of ['/#//evil.example/x', '/#/\\evil.example', '/#/%2F%2Fevil.example', '/#/lesson/%2F%2Fevil.example']) {
      const target = hashLinkTarget(url)
      expect(target).toMatch(/^\/(?![/\\])/)
      expect(new URL(target ?? '', 'https://site.example').host).toBe('site.example')
    }
  })

  test('hostile input: never throws, answers null or a path of this site', () => {
    const piece = fc.oneof(fc.string(), fc.constantFrom('/', '#', '?', '&', '=', '%', '%E0%A4%A', '__proto__', 'lesson', 'lessonPay', 'share', '\\', '//'))
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const target = hashLinkTarget(parts.join(''))
        if (target !== null) {
          expect(target).toMatch(/^\/(?![/\\])/)
          expect(new URL(target, 'https://site.example').host).toBe('site.example')
        }
      }),
      { numRuns: 2000 },
    )
  })

  test('a __proto__ parameter is an ordinary parameter', () => {
    expect(hashLinkTarget('/#/lesson?__proto__=x&data=d')).toBe('/lesson?__proto__=x&data=d')
  })
})
