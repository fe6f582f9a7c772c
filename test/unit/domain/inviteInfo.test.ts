import fc from 'fast-check'
import { parseInviteInfo } from '../../../src/domain/inviteInfo'

/** What the app writes into the link: the JSON, URL-encoded twice. */
const asLink = (value: unknown): string => encodeURIComponent(encodeURIComponent(JSON.stringify(value)))

const friend = { usrname: '小王', data: 'inv-abc%2B==' }
const group = { headurl: 'https://img.example.com/g.png', groupname: '读书会 100%', usrname: '小王', data: 'g-42' }

describe('parseInviteInfo', () => {
  it('reads a friend invite', () => {
    expect(parseInviteInfo(asLink(friend))).toEqual({ ok: true, value: friend })
  })

  it('reads a group invite', () => {
    expect(parseInviteInfo(asLink(group))).toEqual({ ok: true, value: group })
  })

  it('leaves blank or missing names undefined so the page shows its defaults', () => {
    const result = parseInviteInfo(asLink({ data: 'g-1', usrname: '  ', groupname: '' }))
    expect(result).toEqual({ ok: true, value: { data: 'g-1' } })
  })

  it('reads numbers sent where text belongs', () => {
    expect(parseInviteInfo(asLink({ data: 42, usrname: 13800138000 }))).toEqual({
      ok: true,
      value: { data: '42', usrname: '13800138000' },
    })
  })

  it.each([
    { usrname: ['a'], groupname: { x: 1 }, headurl: 7 },
    { usrname: null, groupname: true, headurl: null },
  ])('drops fields of the wrong type: %p', (fields) => {
    expect(parseInviteInfo(asLink({ data: 'd', ...fields }))).toEqual({ ok: true, value: { data: 'd' } })
  })

  it.each([
    ['https://a.example/x.png', 'https://a.example/x.png'],
    ['http://a.example/x.png', 'http://a.example/x.png'],
    ['//a.example/x.png', '//a.example/x.png'],
    ['javascript:alert(1)', undefined],
    ['data:image/png;base64,AAAA', undefined],
    ['/relative.png', undefined],
  ])('takes only web addresses as the group head image: %p', (headurl, expected) => {
    const value = expected === undefined ? { data: 'd' } : { data: 'd', headurl: expected }
    expect(parseInviteInfo(asLink({ data: 'd', headurl }))).toEqual({ ok: true, value })
  })

  it.each([
    ['no data', asLink({ usrname: 'x' })],
    ['blank data', asLink({ data: ' ' })],
    ['data of the wrong type', asLink({ data: { nested: true } })],
    ['an array', asLink([friend])],
    ['a string', asLink('data')],
    ['null', asLink(null)],
  ])('%s is invalid', (_name, raw) => {
    expect(parseInviteInfo(raw)).toEqual({ ok: false, errorKey: 'routeParam.invalid' })
  })

  it('reports a missing parameter as missing', () => {
    expect(parseInviteInfo(undefined)).toEqual({ ok: false, errorKey: 'routeParam.missing' })
  })

  it('never throws, and a success always carries non-empty text fields', () => {
    const info = fc.oneof(
      fc.anything(),
      fc.record(
        { data: fc.anything(), usrname: fc.anything(), headurl: fc.anything(), groupname: fc.anything() },
        { requiredKeys: [] },
      ),
    )
    fc.assert(
      fc.property(fc.oneof(info.map(asLink), fc.string()), (raw) => {
        const result = parseInviteInfo(raw)
        if (result.ok) {
          const values: unknown[] = Object.values(result.value)
          for (const value of values) {
            expect(typeof value).toBe('string')
            // not blank: something besides what trim() removes (\s)
            expect(value).toMatch(/\S/)
          }
        }
      }),
    )
  })
})

describe('parseInviteInfo on hostile input', () => {
  const ONE_MB = 'x'.repeat(1024 * 1024)
  it.each([
    ['a broken percent sequence', '%E4%B8%'],
    ['a lone percent', '%'],
    ['text that is not JSON', encodeURIComponent(encodeURIComponent('{usrname: x'))],
    ['1 MB of text', ONE_MB],
    ['1 MB of percent signs', '%'.repeat(1024 * 1024)],
  ])('%s is an error state, never a crash', (_name, raw) => {
    expect(parseInviteInfo(raw)).toEqual({ ok: false, errorKey: 'routeParam.invalid' })
  })

  it('reads a 1 MB name without crashing', () => {
    const result = parseInviteInfo(asLink({ data: 'd', usrname: ONE_MB }))
    expect(result.ok && result.value.usrname?.length).toBe(ONE_MB.length)
  })
})
