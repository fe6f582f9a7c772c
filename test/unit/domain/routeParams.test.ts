import fc from 'fast-check'
import { decodeFully, decodeUntil, parseJsonParam, presentParam } from '../../../src/domain/routeParams'

/** What the app writes into the link: the JSON, URL-encoded twice. */
const asLink = (value: unknown): string => encodeURIComponent(encodeURIComponent(JSON.stringify(value)))

const friend = { usrname: '小王', data: 'inv-abc%2B==' }
const group = { headurl: 'https://img.example.com/g.png', groupname: '读书会 100%', usrname: '小王', data: 'g-42' }

/** Text a hostile or broken link may carry: any code units, and runs of '%' with hex-ish digits. */
const hostileText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom('%', '2', '5', 'E', 'F', '0', 'A', 'z', ' ') }),
)

describe('presentParam', () => {
  it.each([undefined, null, 42, {}, '', '   ', 'undefined', 'null', ' null ', '\tundefined\n'])('%p is no value', (raw) => {
    expect(presentParam(raw)).toBeUndefined()
  })

  it.each([
    ['demo-open', 'demo-open'],
    ['  demo-open ', 'demo-open'],
    ['0', '0'],
    ['Undefined', 'Undefined'],
    ['nullable', 'nullable'],
  ])('%p is the value %p', (raw, value) => {
    expect(presentParam(raw)).toBe(value)
  })
})

describe('decodeUntil', () => {
  const isJson = (text: string): boolean => text.startsWith('{')

  it('answers the first decoding level the caller accepts', () => {
    const json = '{"a":"50%"}'
    expect(decodeUntil(json, isJson)).toBe(json)
    expect(decodeUntil(encodeURIComponent(json), isJson)).toBe(json)
    expect(decodeUntil(encodeURIComponent(encodeURIComponent(json)), isJson)).toBe(json)
  })

  it('stops at the level limit, at a malformed percent and when decoding changes nothing', () => {
    const json = '{"a":1}'
    const thrice = encodeURIComponent(encodeURIComponent(encodeURIComponent(json)))
    expect(decodeUntil(thrice, isJson, 2)).toBeUndefined()
    expect(decodeUntil(thrice, isJson, 3)).toBe(json)
    expect(decodeUntil('%E0%A4%A', isJson)).toBeUndefined()
    expect(decodeUntil('plain', isJson)).toBeUndefined()
  })

  it('never throws and asks at most levels + 1 times', () => {
    fc.assert(
      fc.property(hostileText, fc.integer({ min: 0, max: 5 }), (raw, levels) => {
        let asked = 0
        const answer = decodeUntil(raw, () => {
          asked += 1
          return false
        }, levels)
        expect(answer).toBeUndefined()
        expect(asked).toBeLessThanOrEqual(levels + 1)
      }),
    )
  })
})

describe('decodeFully', () => {
  it('undoes every level of encoding, up to the limit', () => {
    const path = '/lesson/我的 课?x=1'
    expect(decodeFully(encodeURIComponent(encodeURIComponent(path)))).toBe(path)
    expect(decodeFully(encodeURIComponent(encodeURIComponent(path)), 1)).toBe(encodeURIComponent(path))
  })

  it('keeps what cannot be decoded as it is', () => {
    expect(decodeFully('100%')).toBe('100%')
    expect(decodeFully('%E4%BD%A0%E0%A4%A')).toBe('%E4%BD%A0%E0%A4%A')
  })

  it('never throws on any text', () => {
    fc.assert(fc.property(hostileText, (raw) => expect(typeof decodeFully(raw)).toBe('string')))
  })
})

describe('parseJsonParam', () => {
  it.each([
    ['twice encoded (as the app writes it)', asLink(group)],
    ['once encoded (the router decoded one level)', encodeURIComponent(JSON.stringify(group))],
    ['not encoded (the router decoded both)', JSON.stringify(group)],
  ])('reads JSON %s', (_name, raw) => {
    expect(parseJsonParam(raw)).toEqual({ ok: true, value: group })
  })

  it("does not decode a '%' that belongs to the text once too often", () => {
    const value = { groupname: '100%25 real' }
    expect(parseJsonParam(JSON.stringify(value))).toEqual({ ok: true, value })
    expect(parseJsonParam(asLink(value))).toEqual({ ok: true, value })
  })

  it.each([undefined, null, '', '   '])('a missing parameter %p is reported as missing', (raw) => {
    expect(parseJsonParam(raw)).toEqual({ ok: false, errorKey: 'routeParam.missing' })
  })

  it.each([
    ['broken JSON', '{"usrname":'],
    ['a stray percent sign', '%E0%A4%A'],
    ['plain text', 'hello'],
    ['three levels of encoding', encodeURIComponent(asLink(friend))],
    ['undefined as text', 'undefined'],
  ])('%s is invalid', (_name, raw) => {
    expect(parseJsonParam(raw)).toEqual({ ok: false, errorKey: 'routeParam.invalid' })
  })

  it('never throws on any text, encoded or not', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({ unit: fc.constantFrom('%', '2', '5', '7', 'B', 'D', '{', '}', '"', ':', 'a') }),
      fc.jsonValue().map(asLink),
    )
    fc.assert(
      fc.property(text, (raw) => {
        const result = parseJsonParam(raw)
        expect(typeof result.ok).toBe('boolean')
      }),
    )
  })

  it('gets back any JSON value the app encoded', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = parseJsonParam(asLink(value))
        expect(result).toEqual({ ok: true, value: JSON.parse(JSON.stringify(value)) as unknown })
      }),
    )
  })
})
