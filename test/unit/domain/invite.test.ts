import fc from 'fast-check'
import {
  MAX_QUERY_CHARS,
  deviceOf,
  downloadDescUrl,
  groupOrderData,
  readDownloadDesc,
  readFriendInvite,
  readGroupInvite,
  readGroupOrder,
  readPasswordWelcomeQuery,
  readPayGroupQuery,
  readWmShareQuery,
  sharePasswordText,
  storeUrlFor,
} from '../../../src/domain/invite'
import { extractInvitePassword } from '../../../src/domain/validation'

const ONE_MB = 'x'.repeat(1024 * 1024)
const BROKEN = ['%', '%E4%B8', '%zz', '%%%', '\u0000', ONE_MB, `%${ONE_MB}`]

describe('deviceOf', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Mobile Safari/537.36', 'android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 MicroMessenger/8.0.40', 'ios'],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)', 'ios'],
    ['Mozilla/5.0 (Linux; Android 10; like iPhone) MicroMessenger/8.0', 'android'],
    ['Mozilla/5.0 (X11; Linux x86_64) Chrome/120', 'other'],
  ])('reads %p as %p', (ua, device) => {
    expect(deviceOf(ua)).toBe(device)
  })

  it('counts a touch Mac (iPadOS) as iOS and a plain Mac as neither', () => {
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15'
    expect(deviceOf(mac, 5)).toBe('ios')
    expect(deviceOf(mac, 0)).toBe('other')
  })

  it('never throws on anything', () => {
    expect(deviceOf(undefined)).toBe('other')
    expect(deviceOf(null)).toBe('other')
    expect(deviceOf(ONE_MB)).toBe('other')
    fc.assert(fc.property(fc.string(), fc.integer(), (ua, touch) => ['android', 'ios', 'other'].includes(deviceOf(ua, touch))))
  })
})

describe('storeUrlFor', () => {
  const urls = { android: 'https://store.example/android', ios: 'https://store.example/ios' }
  it('sends each device to its own store and a desktop nowhere', () => {
    expect(storeUrlFor('android', urls)).toBe(urls.android)
    expect(storeUrlFor('ios', urls)).toBe(urls.ios)
    expect(storeUrlFor('other', urls)).toBeUndefined()
  })
})

describe('readWmShareQuery', () => {
  it('decodes the URL-encoded password and inviter name', () => {
    expect(readWmShareQuery({ pwd: encodeURIComponent('￥Ab 12￥'), name: encodeURIComponent(encodeURIComponent('小王 & co')) })).toEqual({
      password: '￥Ab 12￥',
      name: '小王 & co',
    })
  })

  it('leaves a missing name out and refuses a missing password', () => {
    expect(readWmShareQuery({ pwd: 'Ab12', name: 'undefined' })).toEqual({ password: 'Ab12' })
    expect(readWmShareQuery({ name: 'x' })).toBeUndefined()
    expect(readWmShareQuery({ pwd: '  ' })).toBeUndefined()
  })

  it.each(BROKEN)('never throws on the hostile value %#, and refuses what is too long', (raw) => {
    const result = readWmShareQuery({ pwd: raw, name: raw })
    if (raw.length > MAX_QUERY_CHARS) expect(result).toBeUndefined()
    else expect(result === undefined || typeof result.password === 'string').toBe(true)
  })

  it('wraps the password in dollar signs', () => {
    expect(sharePasswordText('Ab12')).toBe('$Ab12$')
  })
})

describe('readPasswordWelcomeQuery and readPayGroupQuery', () => {
  it('reads a group invite and a friend invite', () => {
    expect(readPasswordWelcomeQuery({ wmid: 'w1', gid: 'g1', version: '2', isOpenWeimai: '1' })).toEqual({
      wmid: 'w1',
      gid: 'g1',
      version: '2',
      openApp: true,
    })
    expect(readPasswordWelcomeQuery({ wmid: 'w1', gid: 'null' })).toEqual({ wmid: 'w1', openApp: false })
    expect(readPasswordWelcomeQuery({ gid: 'g1' })).toBeUndefined()
  })

  it('reads the paid group query with and without the payment return', () => {
    expect(readPayGroupQuery({ gid: 'g', wmid: 'w', password: '%EF%BF%A5abc%EF%BF%A5' })).toEqual({
      gid: 'g',
      wmid: 'w',
      password: '￥abc￥',
      paySuccess: false,
    })
    expect(readPayGroupQuery({ gid: 'g', wmid: 'w', paySuccess: '1', tradeNo: 'G1' })).toEqual({
      gid: 'g',
      wmid: 'w',
      paySuccess: true,
      tradeNo: 'G1',
    })
    expect(readPayGroupQuery({ gid: 'g' })).toBeUndefined()
    expect(readPayGroupQuery({ gid: ONE_MB, wmid: 'w' })).toBeUndefined()
  })

  it('never throws on any query', () => {
    const query = fc.dictionary(fc.constantFrom('gid', 'wmid', 'password', 'paySuccess', 'tradeNo', 'version', 'isOpenWeimai'), fc.anything())
    fc.assert(
      fc.property(query, (params) => {
        readPasswordWelcomeQuery(params)
        readPayGroupQuery(params)
        readWmShareQuery(params)
      }),
    )
  })
})

describe('invite answers', () => {
  it('reads a paid group with headImg, falling back to faceIcon', () => {
    expect(readGroupInvite({ nickname: 'A', faceIcon: 'https://x/f.png', isNeedPay: 1, fee: 990, groupName: 'G', password: '￥p￥' })).toEqual({
      nickname: 'A',
      headImg: 'https://x/f.png',
      groupName: 'G',
      isNeedPay: true,
      fee: 990,
      password: '￥p￥',
    })
    expect(readGroupInvite({ headImg: 'h', faceIcon: 'f', isNeedPay: 0 })).toEqual({ headImg: 'h', isNeedPay: false, fee: 0 })
  })

  it.each([
    { isNeedPay: 1 },
    { isNeedPay: 1, fee: -1 },
    { isNeedPay: 1, fee: 1.5 },
    { isNeedPay: 1, fee: 'abc' },
    { isNeedPay: 1, fee: 2 ** 60 },
    { isNeedPay: 1, fee: 0 },
  ])('refuses a paid group whose fee cannot be paid: %p', (answer) => {
    expect(readGroupInvite(answer)).toBeUndefined()
  })

  it('reads a friend invite and refuses what is not an object', () => {
    expect(readFriendInvite({ nickname: '  B ', password: 7 })).toEqual({ nickname: 'B', password: '7' })
    for (const answer of [null, 'x', [1], 3]) {
      expect(readFriendInvite(answer)).toBeUndefined()
      expect(readGroupInvite(answer)).toBeUndefined()
      expect(readGroupOrder(answer)).toBeUndefined()
    }
  })

  it('reads the group order: bought, or a provider form to submit', () => {
    expect(readGroupOrder({ isBought: 1 })).toEqual({ kind: 'bought' })
    expect(readGroupOrder({ isBought: 0, orderNO: 'G1', formHTML: '<form action="/p"></form>' })).toEqual({
      kind: 'pay',
      orderNO: 'G1',
      formHTML: '<form action="/p"></form>',
    })
    expect(readGroupOrder({ isBought: 0, orderNO: 'G1', formHTML: '<script>x</script>' })).toBeUndefined()
    expect(readGroupOrder({ isBought: 0, formHTML: '<form></form>' })).toBeUndefined()
  })

  it('puts the password into orderData as JSON', () => {
    expect(JSON.parse(groupOrderData({ gid: 'g', wmid: 'w' }, 'p"1'))).toEqual({ password: 'p"1', gid: 'g', wmid: 'w' })
  })

  it('never throws on any answer', () => {
    fc.assert(
      fc.property(fc.anything(), (answer) => {
        readGroupInvite(answer)
        readFriendInvite(answer)
        readGroupOrder(answer)
        readDownloadDesc(answer)
      }),
    )
  })
})

describe('the download description', () => {
  it('reads wmDownload_desc from the object or its JSON text', () => {
    expect(readDownloadDesc({ wmDownload_desc: ' new features ' })).toBe('new features')
    expect(readDownloadDesc('{"wmDownload_desc":"v2"}')).toBe('v2')
  })

  it.each([undefined, null, '', 'not json', '{"wmDownload_desc":1e999}', { wmDownload_desc: '' }, { other: 'x' }, [], ONE_MB, { wmDownload_desc: ONE_MB }])(
    'falls back to the built-in text on %#',
    (answer) => {
      expect(readDownloadDesc(answer)).toBeUndefined()
    },
  )

  it('adds the timestamp query', () => {
    expect(downloadDescUrl('/config/wmUpdate.json', 1700000000000)).toBe('/config/wmUpdate.json?t=1700000000000')
    expect(downloadDescUrl('https://c.example/u.json?v=1', 5)).toBe('https://c.example/u.json?v=1&t=5')
  })
})

describe('extractInvitePassword on hostile input', () => {
  it('handles a 1 MB text between markers and without them', () => {
    expect(extractInvitePassword(`￥${ONE_MB}￥`)).toBe(ONE_MB)
    expect(extractInvitePassword(ONE_MB)).toBeUndefined()
  })
})
