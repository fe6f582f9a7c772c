import {
  MAX_QUOTE_DEPTH,
  MsgType,
  isRenderable,
  parseMessage,
  type LessonMessage,
  type MessageBody,
} from '../../../src/domain/message'
import type { WireMessage } from '../../../types/lesson'
import { anyNumber, anyObject, anyString } from '../../matchers'

const sender = { nickname: 'Teacher Li', faceIcon: 'https://cdn.example.com/face.png' }

/** A transport-form list item as the message list calls answer it. */
function wire(msgType: number | string, obj: unknown, extra: Partial<Record<keyof WireMessage, unknown>> = {}) {
  return { id: 7, msgId: 'm-7', msgType, sendTime: 1_700_000_000_000, obj, senderUserInfo: sender, ...extra }
}

/** The same message in the old exports' content-JSON form. */
function contentForm(msgType: number, obj: unknown, resourceUrl?: string) {
  return {
    id: 7,
    sendTime: 1_700_000_000_000,
    senderUserInfo: sender,
    content: JSON.stringify({ msgType, msgId: 'm-7', obj, resourceUrl }),
  }
}

function body(message: LessonMessage): Partial<MessageBody> {
  const { id, msgId, msgType, sendTime, sender: from, ...rest } = message
  expect({ id, msgId, msgType, sendTime, sender: from }).toEqual({
    id: anyNumber(),
    msgId: anyString(),
    msgType: anyNumber(),
    sendTime: anyNumber(),
    sender: anyObject(),
  })
  return rest
}

describe('common fields', () => {
  it('reads id, msgId, msgType, sendTime and the sender', () => {
    const message = parseMessage(wire(MsgType.Text, { content: 'hi' }))
    expect(message).toMatchObject({
      id: 7,
      msgId: 'm-7',
      msgType: 1000,
      sendTime: 1_700_000_000_000,
      sender: { nickname: 'Teacher Li', faceIcon: 'https://cdn.example.com/face.png' },
    })
  })

  it('coerces numeric strings and defaults what is missing', () => {
    const message = parseMessage({ id: '12', msgId: 99, msgType: '1000', sendTime: '1700', obj: { content: 'x' } })
    expect(message).toMatchObject({ id: 12, msgId: '99', msgType: 1000, sendTime: 1700, sender: { nickname: '' } })
  })

  it('drops an unsafe avatar but keeps the nickname', () => {
    const senderUserInfo = { nickname: 'A', faceIcon: 'javascript:alert(1)' }
    const message = parseMessage(wire(MsgType.Text, { content: 'x' }, { senderUserInfo }))
    expect(message.sender).toEqual({ nickname: 'A' })
  })

  it('reads a sender given as a JSON string', () => {
    const message = parseMessage(wire(MsgType.Text, { content: 'x' }, { senderUserInfo: JSON.stringify({ nickname: 'B' }) }))
    expect(message.sender.nickname).toBe('B')
  })
})

/**
 * One row per type: a transport-form payload and the body it must give.
 * Expected values follow the spec's payload list (§3) and the module's documented defaults.
 */
const rows: Array<[string, number, unknown, Partial<MessageBody>]> = [
  ['text', MsgType.Text, { content: 'Hello' }, { kind: 'text', text: 'Hello' }],
  [
    'image',
    MsgType.Image,
    { url: 'https://cdn.example.com/a.jpg', width: 640, height: '480' },
    { kind: 'image', url: 'https://cdn.example.com/a.jpg', width: 640, height: 480 },
  ],
  [
    'voice',
    MsgType.Voice,
    { url: 'https://cdn.example.com/a.mp3', id: 42, duration: '13', text: 'transcript' },
    { kind: 'voice', url: 'https://cdn.example.com/a.mp3', duration: 13, text: 'transcript', voiceId: '42' },
  ],
  [
    'video',
    MsgType.Video,
    { url: 'https://cdn.example.com/v.mp4', width: 720, height: 1280 },
    {
      kind: 'video',
      url: 'https://cdn.example.com/v.mp4',
      width: 720,
      height: 1280,
      // message videos live in the app's own storage: frame at 1 s (spec §9)
      posterUrl: 'https://cdn.example.com/v.mp4?x-oss-process=video/snapshot,t_1000,f_jpg,m_fast',
    },
  ],
  ['face', MsgType.Face, { url: 'https://cdn.example.com/f.gif' }, { kind: 'face', url: 'https://cdn.example.com/f.gif' }],
  [
    'custom face',
    MsgType.CustomFace,
    { content: JSON.stringify({ emojiURL: 'https://cdn.example.com/e.png', naturalSize: { width: 120, height: 90 } }) },
    { kind: 'customFace', emojiUrl: 'https://cdn.example.com/e.png', naturalSize: { width: 120, height: 90 } },
  ],
  [
    'custom face with an iOS CGSize string',
    MsgType.CustomFace,
    { content: { emojiURL: 'https://cdn.example.com/e.png', naturalSize: '{120, 90}' } },
    { kind: 'customFace', emojiUrl: 'https://cdn.example.com/e.png', naturalSize: { width: 120, height: 90 } },
  ],
  [
    'contact card',
    MsgType.ContactCard,
    { name: 'Wang', avatar: 'https://cdn.example.com/w.png', userId: 1234 },
    { kind: 'contactCard', name: 'Wang', avatar: 'https://cdn.example.com/w.png', userId: '1234' },
  ],
  [
    'location',
    MsgType.Location,
    { title: 'Office', address: '1 Road', lat: '31.2', lng: 121.5 },
    { kind: 'location', title: 'Office', address: '1 Road', lat: 31.2, lng: 121.5 },
  ],
  ['location out of range', MsgType.Location, { title: 'X', lat: 91, lng: -181 }, { kind: 'location', title: 'X' }],
  ['sign-in', MsgType.SignIn, { text: 'Signed in' }, { kind: 'signIn', text: 'Signed in' }],
  [
    'web',
    MsgType.Web,
    { title: 'Article', icon: 'https://cdn.example.com/i.png', url: 'https://example.com/p' },
    { kind: 'web', title: 'Article', icon: 'https://cdn.example.com/i.png', url: 'https://example.com/p' },
  ],
  [
    'chat record',
    MsgType.ChatRecord,
    { title: 'Lesson 3', url: 'https://example.com/r' },
    { kind: 'chatRecord', title: 'Lesson 3', url: 'https://example.com/r' },
  ],
  ['complaint', MsgType.Complaint, { content: 'Report' }, { kind: 'complaint', text: 'Report' }],
  [
    'group invite',
    MsgType.GroupInvite,
    { groupName: 'Study group', avatar: 'https://cdn.example.com/g.png', data: 'abc' },
    { kind: 'groupInvite', groupName: 'Study group', avatar: 'https://cdn.example.com/g.png', data: 'abc' },
  ],
  [
    'file',
    MsgType.File,
    { fileName: 'Slides.PPTX', fileExtension: 'PPTX', fileLength: '2048', url: 'https://cdn.example.com/s.pptx', msgId: 'x' },
    { kind: 'file', fileName: 'Slides.PPTX', fileExtension: 'pptx', fileLength: 2048, url: 'https://cdn.example.com/s.pptx' },
  ],
  [
    'file without an extension field',
    MsgType.File,
    { fileName: 'notes.final.Docx', url: 'https://cdn.example.com/n' },
    { kind: 'file', fileName: 'notes.final.Docx', fileExtension: 'docx', fileLength: 0, url: 'https://cdn.example.com/n' },
  ],
  ['notification', MsgType.Notification, { text: 'Lesson starts' }, { kind: 'notification', text: 'Lesson starts' }],
  ['hidden notification', MsgType.HiddenNotification, { text: 'internal' }, { kind: 'hidden' }],
  ['native hello', MsgType.NativeHello, { text: 'Hi!' }, { kind: 'nativeHello', text: 'Hi!' }],
]

describe.each(rows)('%s', (_name, msgType, obj, expected) => {
  it.each([
    ['obj as an object', obj],
    ['obj as a JSON string', JSON.stringify(obj)],
    ['obj as a double-encoded JSON string', JSON.stringify(JSON.stringify(obj))],
  ])('transport form, %s', (_form, payload) => {
    const message = parseMessage(wire(msgType, payload))
    expect(body(message)).toEqual(expected)
    expect(isRenderable(message)).toBe(true)
  })

  it('msgType as a numeric string', () => {
    expect(body(parseMessage(wire(String(msgType), obj)))).toEqual(expected)
  })

  it('content-JSON form', () => {
    const message = parseMessage(contentForm(msgType, obj))
    expect(message.msgId).toBe('m-7')
    expect(body(message)).toEqual(expected)
  })
})

describe('resourceUrl', () => {
  it.each([
    [MsgType.Image, { url: 'https://old.example.com/a.jpg' }],
    [MsgType.Voice, { url: 'https://old.example.com/a.mp3', duration: 3 }],
    [MsgType.Video, { url: 'https://old.example.com/v.mp4' }],
    [MsgType.Face, { url: 'https://old.example.com/f.gif' }],
    [MsgType.File, { url: 'https://old.example.com/f.pdf', fileName: 'f.pdf' }],
  ])('overrides obj.url of type %i in both forms', (msgType, obj) => {
    const override = 'https://new.example.com/res'
    for (const message of [
      parseMessage(wire(msgType, obj, { resourceUrl: override })),
      parseMessage(contentForm(msgType, obj, override)),
    ]) {
      expect(message).toMatchObject({ url: override })
    }
  })

  it('supplies the url when the payload has none', () => {
    expect(parseMessage(wire(MsgType.Image, { width: 1 }, { resourceUrl: '/media/a.jpg' }))).toMatchObject({
      kind: 'image',
      url: '/media/a.jpg',
    })
  })

  it('is ignored when unsafe, leaving the payload url', () => {
    const obj = { url: 'https://ok.example.com/a.jpg' }
    const message = parseMessage(wire(MsgType.Image, obj, { resourceUrl: 'javascript:alert(1)' }))
    expect(message).toMatchObject({ kind: 'image', url: 'https://ok.example.com/a.jpg' })
  })

  it('does not replace the target of a web link', () => {
    const obj = { title: 'T', url: 'https://example.com/p' }
    const message = parseMessage(wire(MsgType.Web, obj, { resourceUrl: 'https://x/y' }))
    expect(message).toMatchObject({ kind: 'web', url: 'https://example.com/p' })
  })
})

describe('old RC:VcMsg voice', () => {
  it('reads voiceUrl, msgUID and duration without a msgType', () => {
    const url = 'https://cdn.example.com/v.m4a'
    const message = parseMessage({ objectName: 'RC:VcMsg', voiceUrl: url, msgUID: 'U-1', duration: 9 })
    expect(message).toMatchObject({ kind: 'voice', msgType: MsgType.Voice, msgId: 'U-1', url, duration: 9, voiceId: 'U-1' })
  })

  it('keeps a base64 content body out of the way and reads an obj when given', () => {
    const message = parseMessage({
      objectName: 'RC:VcMsg',
      content: 'IyFBTVIKPJEXFr5meeHgAeev8AAAAIAAAAAAAAAAAAAAAAAAAAAAAAAA',
      obj: { voiceUrl: 'https://cdn.example.com/o.mp3', duration: '4' },
      msgUID: 'U-2',
    })
    expect(message).toMatchObject({ kind: 'voice', url: 'https://cdn.example.com/o.mp3', duration: 4 })
  })

  it('without a voice url is an unsupported voice', () => {
    expect(parseMessage({ objectName: 'RC:VcMsg', msgUID: 'U-3' })).toMatchObject({
      kind: 'unsupported',
      typeLabelKey: 'msg.type.voice',
    })
  })
})

describe('material', () => {
  const data = {
    content: 'Post text',
    mediaType: 1,
    mediaData: {
      urlPrefix: 'circle/2024',
      items: [
        { domainIndex: 1, urlSuffix: 'a.jpg' },
        { domainIndex: 0, urlSuffix: 'b.jpg' },
      ],
    },
    picDomains: ['https://p0.example.com/', 'https://p1.example.com'],
  }

  it('resolves a circle post with pictures and keeps what the detail page needs', () => {
    const message = parseMessage(wire(MsgType.Material, { type: 0, data: JSON.stringify(data) }))
    expect(message).toMatchObject({
      kind: 'material',
      materialType: 0,
      content: 'Post text',
      isVideo: false,
      images: ['https://p1.example.com/circle/2024/a.jpg', 'https://p0.example.com/circle/2024/b.jpg'],
      totalImages: 2,
      detail: {
        content: 'Post text',
        mediaArr: data.mediaData.items,
        mediaPrefix: 'circle/2024',
        picDomainArr: data.picDomains,
        isVideo: false,
        user: { nickname: sender.nickname, faceIcon: sender.faceIcon },
      },
    })
  })

  it('resolves a group-space video post with a poster at offset 0', () => {
    const video = {
      content: '',
      mediaType: 2,
      mediaData: [{ urlSuffix: '/v.mp4' }],
      urlPrefix: '/space/',
      mediaDomain: 'https://m.example.com',
    }
    const message = parseMessage(wire(MsgType.Material, { type: '1', data: video }))
    expect(message).toMatchObject({
      kind: 'material',
      materialType: 1,
      isVideo: true,
      images: [],
      videoUrl: 'https://m.example.com/space/v.mp4',
      posterUrl: 'https://m.example.com/space/v.mp4?x-oss-process=video/snapshot,t_0,f_jpg,m_fast',
    })
  })

  it.each([
    ['an unknown post type', { type: 2, data }],
    ['no data', { type: 0 }],
    ['broken data JSON', { type: 0, data: '{"content":' }],
    ['nothing to show', { type: 0, data: { content: '', mediaType: 1, mediaData: [] } }],
  ])('with %s is unsupported', (_name, obj) => {
    expect(parseMessage(wire(MsgType.Material, obj))).toMatchObject({ kind: 'unsupported', typeLabelKey: 'msg.type.material' })
  })
})

describe('reply', () => {
  const quotedImage = wire(MsgType.Image, { url: 'https://cdn.example.com/q.jpg' }, { msgId: 'q-1' })

  it('parses the quoted message recursively, from an object or JSON', () => {
    for (const from of [quotedImage, JSON.stringify(quotedImage)]) {
      const message = parseMessage(wire(MsgType.Reply, { from, reply: JSON.stringify({ text: 'Answer' }) }))
      expect(message).toMatchObject({
        kind: 'reply',
        replyText: 'Answer',
        quoted: { kind: 'image', msgId: 'q-1', url: 'https://cdn.example.com/q.jpg' },
      })
    }
  })

  it('shows an unparseable quote as unsupported but keeps the reply', () => {
    const message = parseMessage(wire(MsgType.Reply, { from: 'not json', reply: { text: 'Still here' } }))
    expect(message).toMatchObject({ kind: 'reply', replyText: 'Still here', quoted: { kind: 'unsupported' } })
  })

  it('without reply text is unsupported', () => {
    expect(parseMessage(wire(MsgType.Reply, { from: quotedImage, reply: {} }))).toMatchObject({
      kind: 'unsupported',
      typeLabelKey: 'msg.type.reply',
    })
  })

  it(`nests at most ${MAX_QUOTE_DEPTH} quotes`, () => {
    let chain: unknown = wire(MsgType.Text, { content: 'origin' })
    for (let i = 0; i < 10; i++) chain = wire(MsgType.Reply, { from: chain, reply: { text: `r${i}` } })
    let message = parseMessage(chain)
    let replies = 0
    while (message.kind === 'reply') {
      replies++
      message = message.quoted
    }
    expect(replies).toBe(MAX_QUOTE_DEPTH)
    expect(message).toMatchObject({ kind: 'unsupported', typeLabelKey: 'msg.type.reply' })
  })
})

describe('unsupported', () => {
  it.each([
    ['an unknown code', wire(4242, { content: 'x' }), 'msg.type.unknown'],
    ['no msgType', { obj: { content: 'x' } }, 'msg.type.unknown'],
    ['a non-integer msgType', wire('1000.5', { content: 'x' }), 'msg.type.unknown'],
    ['text without content', wire(MsgType.Text, {}), 'msg.type.text'],
    ['text with a number for content', wire(MsgType.Text, { content: 5 }), 'msg.type.text'],
    ['an image without url', wire(MsgType.Image, { width: 1 }), 'msg.type.image'],
    ['a video with a javascript: url', wire(MsgType.Video, { url: 'javascript:alert(1)' }), 'msg.type.video'],
    ['a web link without title', wire(MsgType.Web, { url: 'https://x.example.com' }), 'msg.type.web'],
    ['a file without name', wire(MsgType.File, { url: 'https://x.example.com/f' }), 'msg.type.file'],
    ['a card without name', wire(MsgType.ContactCard, { avatar: 'https://x.example.com/a.png' }), 'msg.type.contactCard'],
    ['a custom face from data:', wire(MsgType.CustomFace, { content: { emojiURL: 'data:image/png;base64,AA' } }), 'msg.type.customFace'],
    ['a notification without text', wire(MsgType.Notification, {}), 'msg.type.notification'],
  ])('%s', (_name, input, typeLabelKey) => {
    const message = parseMessage(input)
    expect(message).toMatchObject({ kind: 'unsupported', typeLabelKey, msgId: anyString() })
    expect(isRenderable(message)).toBe(true)
  })

  it('keeps the common fields so the cell still shows who sent it and when', () => {
    expect(parseMessage(wire(4242, null))).toMatchObject({
      id: 7,
      msgId: 'm-7',
      msgType: 4242,
      sender: { nickname: 'Teacher Li' },
    })
  })
})
