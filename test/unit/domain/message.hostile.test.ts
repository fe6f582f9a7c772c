import fc from 'fast-check'
import { MsgType, buildCircleMedia, isRenderable, parseMessage, safeUrl } from '../../../src/domain/message'

const CODES = Object.values(MsgType)

const HOSTILE_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' \njavascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '/\\evil.example.com/a.png',
  '/\t/evil.example.com',
  '///evil.example.com',
  'https:evil.example.com',
  'file:///etc/passwd',
]

const urlArb = fc.oneof(
  fc.webUrl(),
  fc.constantFrom(...HOSTILE_URLS, '//cdn.example.com/a.jpg', '/media/a.jpg', ''),
  fc.string(),
)
const scalarArb = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  urlArb,
  fc.constantFrom('<img src=x onerror=alert(1)>', '1e3', ' 12 ', '-5', 'NaN'),
)
const anythingArb = fc.anything({
  maxDepth: 3,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
})

/** Keys the parsers read, plus pollution keys, so payloads reach every branch. */
const PAYLOAD_KEYS = [
  'content', 'url', 'width', 'height', 'id', 'duration', 'text', 'emojiURL', 'naturalSize', 'name', 'nickname',
  'avatar', 'userId', 'title', 'address', 'lat', 'lng', 'icon', 'type', 'data', 'from', 'reply', 'fileName',
  'fileExtension', 'fileLength', 'voiceUrl', 'groupName', 'mediaData', 'mediaType', 'picDomains', 'picDomain',
  'mediaDomains', 'mediaDomain', 'urlPrefix', 'items', 'urlSuffix', 'domainIndex', 'mediaArr', 'isVideo', 'user',
  '__proto__', 'constructor', 'prototype',
]

/** JSON text of a generated value (BigInts from fc.anything become strings). */
function toJson(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))
}

/** A payload as sent: an object, its JSON, or its JSON twice. */
function encodings(value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(value, value.map(toJson), value.map((v) => JSON.stringify(toJson(v))))
}

/** Each field is either a value of the right shape or anything hostile. */
function maybe(good: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: good, weight: 3 }, { arbitrary: scalarArb, weight: 1 })
}

const sizeArb = maybe(fc.oneof(fc.nat(4000), fc.nat(4000).map(String)))
const textArb = maybe(fc.string({ minLength: 1 }))
const goodUrlArb = maybe(fc.oneof(fc.webUrl(), fc.constantFrom(...HOSTILE_URLS)))

const customFaceContentArb = encodings(
  fc.record({ emojiURL: goodUrlArb, naturalSize: maybe(fc.record({ width: sizeArb, height: sizeArb })) }),
)

const circleDataArb = encodings(
  fc.record(
    {
      content: textArb,
      mediaType: maybe(fc.constantFrom(1, 2, '1')),
      mediaData: maybe(
        fc.oneof(
          fc.array(fc.record({ urlSuffix: textArb, domainIndex: maybe(fc.nat(3)) }), { maxLength: 5 }),
          fc.record({ urlPrefix: textArb, items: fc.array(fc.record({ urlSuffix: textArb, domainIndex: maybe(fc.nat(3)) })) }),
        ),
      ),
      urlPrefix: textArb,
      picDomains: maybe(fc.array(goodUrlArb, { maxLength: 3 })),
      picDomain: goodUrlArb,
      mediaDomains: maybe(fc.array(goodUrlArb, { maxLength: 3 })),
      mediaDomain: goodUrlArb,
      user: maybe(fc.record({ nickname: textArb, faceIcon: goodUrlArb })),
    },
    { requiredKeys: [] },
  ),
)

const { wire } = fc.letrec<{ wire: unknown; payload: unknown }>((tie) => ({
  payload: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    // plausible payloads with some fields broken
    encodings(
      fc.record(
        {
          content: maybe(fc.oneof(fc.string({ minLength: 1 }), customFaceContentArb)),
          url: goodUrlArb,
          width: sizeArb,
          height: sizeArb,
          duration: sizeArb,
          id: maybe(fc.oneof(fc.nat(), fc.string({ minLength: 1 }))),
          text: textArb,
          emojiURL: goodUrlArb,
          name: textArb,
          avatar: goodUrlArb,
          title: textArb,
          address: textArb,
          lat: maybe(fc.double({ min: -100, max: 100 })),
          lng: maybe(fc.double({ min: -200, max: 200 })),
          icon: goodUrlArb,
          type: maybe(fc.constantFrom(0, 1, '0', '1', 2)),
          data: maybe(circleDataArb),
          from: tie('wire'),
          reply: maybe(encodings(fc.record({ text: textArb }))),
          fileName: textArb,
          fileExtension: textArb,
          fileLength: sizeArb,
          groupName: textArb,
        },
        { requiredKeys: [] },
      ),
    ),
    // arbitrary keys and values, pollution keys included
    encodings(fc.dictionary(fc.constantFrom(...PAYLOAD_KEYS), scalarArb, { maxKeys: 8 })),
    fc.string(),
    anythingArb,
  ),
  wire: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: anythingArb, weight: 1 },
    { arbitrary: fc.string(), weight: 1 },
    {
      arbitrary: fc.record(
        {
          id: scalarArb,
          msgId: scalarArb,
          msgType: fc.oneof(
            { arbitrary: fc.constantFrom(...CODES), weight: 4 },
            { arbitrary: fc.constantFrom(...CODES).map(String), weight: 2 },
            { arbitrary: fc.integer(), weight: 1 },
            { arbitrary: scalarArb, weight: 1 },
          ),
          sendTime: scalarArb,
          obj: tie('payload'),
          resourceUrl: urlArb,
          content: fc.oneof(
            fc.string(),
            fc
              .record({ msgType: fc.constantFrom(...CODES), msgId: scalarArb, obj: tie('payload'), resourceUrl: urlArb })
              .map(toJson),
          ),
          senderUserInfo: encodings(fc.record({ nickname: scalarArb, faceIcon: urlArb }, { requiredKeys: [] })),
          objectName: fc.oneof({ arbitrary: fc.constant('RC:VcMsg'), weight: 1 }, { arbitrary: fc.string(), weight: 6 }),
          voiceUrl: urlArb,
          msgUID: scalarArb,
          duration: scalarArb,
        },
        { requiredKeys: ['msgType', 'obj'] },
      ),
      weight: 8,
    },
  ),
}))

const ALL_KINDS = [
  'text', 'image', 'voice', 'video', 'face', 'customFace', 'contactCard', 'location', 'signIn', 'material', 'web',
  'chatRecord', 'complaint', 'groupInvite', 'file', 'reply', 'notification', 'hidden', 'nativeHello', 'unsupported',
]

function prototypeKeys(): string[] {
  return Object.getOwnPropertyNames(Object.prototype).sort()
}

describe('parseMessage on hostile input', () => {
  it('never throws, and every result is renderable (10,000 payloads)', () => {
    const before = prototypeKeys()
    const seen = new Map<string, number>()
    fc.assert(
      fc.property(wire, (input) => {
        const message = parseMessage(input)
        seen.set(message.kind, (seen.get(message.kind) ?? 0) + 1)
        expect(isRenderable(message)).toBe(true)
        // plain data only: survives a JSON round trip (route params, storage) unchanged
        expect(isRenderable(JSON.parse(JSON.stringify(message)))).toBe(true)
      }),
      { numRuns: 10_000 },
    )
    expect(prototypeKeys()).toEqual(before)
    // the payloads reach every parser, not only the unsupported path
    expect([...seen.keys()].sort()).toEqual([...ALL_KINDS].sort())
  })

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a number', 1000],
    ['a string', 'hello'],
    ['an array', [{ msgType: 1000, obj: { content: 'x' } }]],
    ['a function', () => ({ msgType: 1000 })],
    ['a JSON array string', '[1,2,3]'],
    ['broken JSON', '{"msgType":1000,'],
  ])('%s is an unknown unsupported message', (_name, input) => {
    expect(parseMessage(input)).toEqual({
      id: 0,
      msgId: '',
      msgType: 0,
      sendTime: 0,
      sender: { nickname: '' },
      kind: 'unsupported',
      typeLabelKey: 'msg.type.unknown',
    })
  })

  it('a whole message given as JSON text is read like the object', () => {
    const message = { id: 1, msgId: 'a', msgType: 1000, sendTime: 2, obj: { content: 'x' } }
    expect(parseMessage(JSON.stringify(message))).toEqual(parseMessage(message))
  })

  it('keeps markup in text verbatim, as plain text', () => {
    const text = '<img src=x onerror=alert(1)><script>alert(2)</script>&amp;'
    expect(parseMessage({ msgType: 1000, obj: JSON.stringify({ content: text }) })).toMatchObject({ kind: 'text', text })
  })

  it('keeps a 1 MB text whole', () => {
    const text = 'a'.repeat(1 << 20)
    const message = parseMessage({ msgType: 1000, obj: JSON.stringify({ content: text }) })
    expect(message.kind === 'text' && message.text.length).toBe(1 << 20)
  })

  it.each([
    ['1 MB of slashes', '/'.repeat(1 << 20)],
    ['1 MB of spaces before a scheme', `${' '.repeat(1 << 20)}x`],
    ['1 MB numeric-looking string', '9'.repeat(1 << 20)],
  ])('handles %s in every field', (_name, big) => {
    const payload = { url: big, width: big, content: big, urlSuffix: big, mediaData: [{ urlSuffix: big }], picDomain: big }
    for (const msgType of CODES) {
      expect(isRenderable(parseMessage({ msgType, obj: payload, resourceUrl: big, content: big }))).toBe(true)
    }
  })

  it.each(HOSTILE_URLS)('rejects %j wherever a URL goes', (url) => {
    const payloads: Array<[number, unknown]> = [
      [MsgType.Image, { url }],
      [MsgType.Voice, { url }],
      [MsgType.Video, { url }],
      [MsgType.Face, { url }],
      [MsgType.File, { url, fileName: 'a.pdf' }],
      [MsgType.Web, { url, title: 't' }],
      [MsgType.ChatRecord, { url, title: 't' }],
      [MsgType.CustomFace, { content: { emojiURL: url } }],
    ]
    for (const [msgType, obj] of payloads) {
      expect(parseMessage({ msgType, obj, resourceUrl: url }).kind).toBe('unsupported')
    }
    const optional = parseMessage({
      msgType: MsgType.ContactCard,
      obj: { name: 'n', avatar: url },
      senderUserInfo: { nickname: 'x', faceIcon: url },
    })
    expect(optional).toMatchObject({ kind: 'contactCard', sender: { nickname: 'x' } })
    expect(optional).not.toHaveProperty('avatar')
    expect(optional.sender).not.toHaveProperty('faceIcon')
  })

  it('reads no inherited or __proto__ payload fields and pollutes nothing', () => {
    const before = prototypeKeys()
    const polluting =
      '{"__proto__":{"url":"https://evil.example.com/a.png","polluted":true},' +
      '"constructor":{"prototype":{"polluted":true}}}'
    const message = parseMessage({ msgType: MsgType.Image, obj: polluting })
    expect(message).toMatchObject({ kind: 'unsupported', typeLabelKey: 'msg.type.image' })
    expect(parseMessage({ msgType: MsgType.Image, obj: Object.create({ url: 'https://evil.example.com/a.png' }) as object }).kind).toBe(
      'unsupported',
    )
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(prototypeKeys()).toEqual(before)
  })

  it('survives a cyclic reply chain', () => {
    const loop: { msgType: number; obj: { reply: { text: string }; from?: unknown } } = {
      msgType: MsgType.Reply,
      obj: { reply: { text: 'again' } },
    }
    loop.obj.from = loop
    const message = parseMessage(loop)
    expect(message.kind).toBe('reply')
    expect(isRenderable(message)).toBe(true)
  })

  it('survives deeply nested JSON', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`
    expect(parseMessage({ msgType: MsgType.Text, obj: deep }).kind).toBe('unsupported')
  })

  it('turns a throwing getter or proxy into an unsupported message of its type', () => {
    const obj = {
      get url(): string {
        throw new Error('boom')
      },
    }
    expect(parseMessage({ msgType: MsgType.Image, obj })).toMatchObject({ kind: 'unsupported', typeLabelKey: 'msg.type.image' })
    const trap = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap')
        },
        getOwnPropertyDescriptor: () => {
          throw new Error('trap')
        },
        has: () => {
          throw new Error('trap')
        },
      },
    )
    expect(parseMessage(trap).kind).toBe('unsupported')
  })
})

describe('a circle post whose domain index is past the safe integers', () => {
  // found by the property above (seed 748004452): 2^53 was kept and the message was not renderable
  it('reads it as index 0 and stays renderable', () => {
    const data = { mediaData: { urlPrefix: '/c/', items: [{ urlSuffix: 'a.mp4', domainIndex: 2 ** 53 }] }, mediaDomain: 'https://m.example.com' }
    const message = parseMessage({ msgType: MsgType.Material, msgId: 1, obj: JSON.stringify({ type: 0, data: JSON.stringify(data) }) })
    expect(isRenderable(message)).toBe(true)
    expect(message).toMatchObject({ kind: 'material', detail: { mediaArr: [{ domainIndex: 0, urlSuffix: 'a.mp4' }] } })
  })
})

describe('buildCircleMedia and safeUrl on hostile input', () => {
  it('never throw and only produce safe URLs', () => {
    fc.assert(
      fc.property(fc.oneof(anythingArb, wire), (data) => {
        const media = buildCircleMedia(data)
        const urls = [...media.images, media.videoUrl, media.posterUrl].filter((u) => u !== undefined)
        expect(urls.every((u) => safeUrl(u) === u)).toBe(true)
        expect(media.isVideo).toBe(media.videoUrl !== undefined)
      }),
      { numRuns: 2_000 },
    )
  })

  it('safeUrl yields only http(s) or same-origin paths, and is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.constantFrom(...HOSTILE_URLS)), (s) => {
        const url = safeUrl(s)
        if (url === undefined) return
        expect(/^(https?:\/\/[^/?#]|\/[^/\\])/i.test(url)).toBe(true)
        // no C0 control (0x00-0x1f), DEL (0x7f) or backslash
        expect([...url].filter((c) => c.charCodeAt(0) <= 0x1f || c === '\u007f' || c === '\\')).toEqual([])
        expect(safeUrl(url)).toBe(url)
      }),
      { numRuns: 5_000 },
    )
  })
})
