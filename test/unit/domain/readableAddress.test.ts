import fc from 'fast-check'
import { MAX_ADDRESS_LENGTH, SHOWN_PATH_LENGTH, readableAddress, unreadableAddressTarget } from '../../../src/domain/readableAddress'
import { resolvePath } from '../../../src/domain/routes'

/** What Taro's H5 router does with the address: `decodeURI` of the path (pages decode the query). */
const routerReads = (url: string) => decodeURI(url.split(/[?#]/)[0])
const pageReads = (url: string) => decodeURIComponent(url)

describe('readableAddress: a link cut short never reaches the router unreadable', () => {
  test.each([
    // a truncated character, then half a sequence
    ['/lesson/%E0%A4%A', '/lesson/%25E0%25A4%25A'],
    ['/lesson/%E0%A4%A?data=x', '/lesson/%25E0%25A4%25A?data=x'],
    ['/lessonPay/share/%E4%B8%/1', '/lessonPay/share/%25E4%25B8%25/1'],
    // a whole character is kept, only the truncated one after it is escaped
    ['/lesson/%E4%B8%AD%E4%B8', '/lesson/%E4%B8%AD%25E4%25B8'],
    // bytes that start no character, an overlong form, a lone trailing '%'
    ['/lesson/%80%FF', '/lesson/%2580%25FF'],
    ['/lesson/%C0%AF', '/lesson/%25C0%25AF'],
    ['/lesson?data=abc%', '/lesson?data=abc%25'],
    ['/lesson?data=%zz', '/lesson?data=%25zz'],
  ])('%s -> %s', (url, repaired) => {
    expect(() => pageReads(url)).toThrow(URIError)
    expect(readableAddress(url)).toBe(repaired)
    expect(() => routerReads(repaired)).not.toThrow()
    expect(() => pageReads(repaired)).not.toThrow()
  })

  test.each([['/lesson/1?data=abc'], ['/lesson/%E4%B8%AD'], ['/lesson?data=a%2Fb%25c%3D'], ['/#/lesson/1?data=x'], ['/'], ['']])(
    'a readable address is left alone: %s',
    (url) => {
      expect(readableAddress(url)).toBeNull()
    },
  )


  test('hostile input: never throws; the answer always decodes; a second pass changes nothing', () => {
    const piece = fc.oneof(
      fc.constantFrom('%', '/', '?', '&', '=', '#', 'a', '%2', '%E0', '%A4', '%C0', '%80', '%FF', '%F4', '%ED%A0%80', '%E4%B8%AD', '%F0%9F%98%80'),
      fc.string(),
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const url = pieces.join('')
        const repaired = readableAddress(url)
        const readable = repaired ?? url
        expect(() => decodeURIComponent(readable)).not.toThrow()
        expect(() => decodeURI(readable)).not.toThrow()
        expect(readableAddress(readable)).toBeNull()
        // only '%' turns into '%25': nothing else of the address changes
        expect(readable.replace(/%25/g, '%')).toBe(url.replace(/%25/g, '%'))
      }),
      { numRuns: 2000 },
    )
  })

  test('a 20 KB address of broken sequences is repaired in one pass', () => {
    const url = `/lesson/${'%E4%B8'.repeat(3500)}`
    const repaired = readableAddress(url) ?? ''
    expect(repaired).toHaveLength(url.length + 2 * 7000)
    expect(() => decodeURI(repaired)).not.toThrow()
  })
})

/** The path the not-found page is asked to name, read back through the route table. */
const namedPath = (target: string | null) => {
  const resolved = resolvePath(target ?? '')
  expect(resolved?.route.name).toBe('NotFound')
  return resolved?.params.path
}

describe('unreadableAddressTarget: the not-found page for a link cut short or over 16 KB', () => {
  test.each([
    ['/lesson/%E0%A4%A', '/lesson/%E0%A4%A'],
    ['/lessonPay/share/%E4%B8%/1', '/lessonPay/share/%E4%B8%/1'],
    // what decodes is shown decoded; a broken query names the path
    ['/lesson/%E4%B8%AD%E4%B8', '/lesson/中%E4%B8'],
    ['/lesson?data=abc%', '/lesson'],
    ['/?from=x#/lesson/1?data=%E4', '/'],
  ])('%s names %s', (url, path) => {
    expect(namedPath(unreadableAddressTarget(url))).toBe(path)
  })

  test('an address over 16 KB is refused, its path shown cut short', () => {
    const query = `/lesson/1?data=${'a'.repeat(MAX_ADDRESS_LENGTH)}`
    expect(namedPath(unreadableAddressTarget(query))).toBe('/lesson/1')
    const path = `/lessonPay/share/${'b'.repeat(MAX_ADDRESS_LENGTH)}/1`
    expect(namedPath(unreadableAddressTarget(path))).toBe(`/lessonPay/share/${'b'.repeat(SHOWN_PATH_LENGTH - 17)}…`)
    expect(unreadableAddressTarget(`/lesson/1?data=${'a'.repeat(MAX_ADDRESS_LENGTH - 15)}`)).toBeNull()
  })

  test.each([['/lesson/1?data=abc'], ['/lesson/%E4%B8%AD'], ['/#/lesson/1?data=x'], ['/notFound?path=%2Fx'], ['']])(
    'a readable address is left to the router: %s',
    (url) => {
      expect(unreadableAddressTarget(url)).toBeNull()
    },
  )

  test('hostile input: never throws; a refusal is a readable not-found address of at most a few hundred characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom('', '%', '%E4%B8', '%C0%AF'), (text, tail) => {
        const target = unreadableAddressTarget(`/${text}${tail}`)
        if (target === null) return
        expect(target.startsWith('/notFound?path=')).toBe(true)
        expect(readableAddress(target)).toBeNull()
        expect(target.length).toBeLessThan(SHOWN_PATH_LENGTH * 12 + 20)
      }),
      { numRuns: 1000 },
    )
  })
})
