import {
  MESSAGE_LABEL_KEYS,
  MsgType,
  fileExtensionOf,
  fileIcon,
  fileKind,
  isMsgType,
  isPlayableVoice,
  isRenderable,
  msgTypeLabelKey,
  parseMessage,
  voiceMessages,
} from '../../../src/domain/message'

describe('MsgType', () => {
  it('has the codes of spec 000 §3', () => {
    expect(MsgType).toEqual({
      Text: 1000,
      Image: 1001,
      Voice: 1002,
      Video: 1003,
      Face: 1004,
      ContactCard: 1005,
      Location: 1006,
      SignIn: 1007,
      Material: 1008,
      Web: 1009,
      CustomFace: 1010,
      ChatRecord: 1011,
      Complaint: 1012,
      GroupInvite: 1013,
      File: 1014,
      Notification: 2000,
      HiddenNotification: 2001,
      Reply: 3000,
      NativeHello: 99999,
    })
    expect(isMsgType(1014)).toBe(true)
    expect(isMsgType(1015)).toBe(false)
  })

  it('names every type with its own locale key, and unknown codes with one more', () => {
    const keys = Object.values(MsgType).map(msgTypeLabelKey)
    expect(new Set(keys).size).toBe(keys.length)
    expect(msgTypeLabelKey(MsgType.Location)).toBe('msg.type.location')
    expect(msgTypeLabelKey(123)).toBe('msg.type.unknown')
    expect([...MESSAGE_LABEL_KEYS].sort()).toEqual([...keys, 'msg.type.unknown'].sort())
  })
})

describe('voice helpers', () => {
  const list = [
    { id: 1, msgId: 'a', msgType: MsgType.Text, obj: { content: 'intro' } },
    { id: 2, msgId: 'b', msgType: MsgType.Voice, obj: { url: 'https://cdn.example.com/1.mp3', duration: 12, id: 'v1' } },
    { id: 3, msgId: 'c', msgType: MsgType.Voice, obj: { duration: 3 } },
    { id: 4, msgId: 'd', msgType: MsgType.Image, obj: { url: 'https://cdn.example.com/i.jpg' } },
    { id: 5, objectName: 'RC:VcMsg', voiceUrl: 'https://cdn.example.com/2.m4a', msgUID: 'e', duration: '7' },
  ].map(parseMessage)

  it('lists the playable voices in list order with their position, url and duration', () => {
    expect(voiceMessages(list)).toEqual([
      { index: 1, msgId: 'b', url: 'https://cdn.example.com/1.mp3', duration: 12, voiceId: 'v1' },
      { index: 4, msgId: 'e', url: 'https://cdn.example.com/2.m4a', duration: 7, voiceId: 'e' },
    ])
  })

  it('isPlayableVoice is true only for voice messages with a url', () => {
    expect(list.map(isPlayableVoice)).toEqual([false, true, false, false, true])
  })
})

describe('files', () => {
  it.each([
    ['mp3', 'audio'],
    ['WAV', 'audio'],
    ['.m4a', 'audio'],
    ['ppt', 'office'],
    ['pptx', 'office'],
    ['doc', 'office'],
    ['DOCX', 'office'],
    ['xls', 'office'],
    ['xlsx', 'office'],
    ['txt', 'office'],
    ['pdf', 'other'],
    ['amr', 'other'],
    ['', 'other'],
  ])('fileKind(%j) is %s (spec 000 §9)', (ext, kind) => {
    expect(fileKind(ext)).toBe(kind)
  })

  it.each([
    ['pdf', 'pdf'],
    ['DOC', 'word'],
    ['xlsx', 'excel'],
    ['pptx', 'ppt'],
    ['txt', 'text'],
    ['mp3', 'audio'],
    ['mp4', 'video'],
    ['PNG', 'image'],
    ['zip', 'archive'],
    ['exe', 'other'],
    ['constructor', 'other'],
    ['__proto__', 'other'],
  ])('fileIcon(%j) is %s', (ext, icon) => {
    expect(fileIcon(ext)).toBe(icon)
  })

  it.each([
    ['report.final.PDF', 'pdf'],
    ['archive.tar.gz', 'gz'],
    ['README', ''],
    ['.bashrc', ''],
    ['trailing.', ''],
  ])('fileExtensionOf(%j) is %j', (name, ext) => {
    expect(fileExtensionOf(name)).toBe(ext)
  })
})

describe('isRenderable', () => {
  const base = { id: 1, msgId: 'm', msgType: 1001, sendTime: 0, sender: { nickname: 'n' } }
  const image = { ...base, kind: 'image', url: 'https://cdn.example.com/a.jpg', width: 1, height: 2 }

  it('accepts a complete message', () => {
    expect(isRenderable(image)).toBe(true)
    expect(isRenderable({ ...base, kind: 'hidden' })).toBe(true)
  })

  it.each([
    ['a missing required field', { ...image, width: undefined }],
    ['a numeric string where a number belongs', { ...image, width: '1' }],
    ['a negative size', { ...image, height: -1 }],
    ['an unsafe url', { ...image, url: 'javascript:alert(1)' }],
    ['a url not yet normalised', { ...image, url: '//cdn.example.com/a.jpg' }],
    ['an unknown kind', { ...image, kind: 'sticker' }],
    ['an inherited kind name', { ...image, kind: 'toString' }],
    ['a missing common field', { ...image, msgId: undefined }],
    ['a sender without nickname', { ...image, sender: {} }],
    [
      'an optional field of the wrong type',
      { ...base, kind: 'voice', url: 'https://x.example.com/a.mp3', duration: 1, voiceId: 'v', text: 5 },
    ],
    ['an empty required text', { ...base, kind: 'text', text: '' }],
    ['an unknown label key', { ...base, kind: 'unsupported', typeLabelKey: 'msg.type.sticker' }],
    ['a quote that is not renderable', { ...base, kind: 'reply', replyText: 'r', quoted: { ...image, url: 5 } }],
    ['a latitude out of range', { ...base, kind: 'location', lat: 120 }],
    ['null', null],
    ['an array', [image]],
  ])('rejects %s', (_name, value) => {
    expect(isRenderable(value)).toBe(false)
  })

  const material = {
    ...base,
    kind: 'material',
    materialType: 0,
    content: '',
    isVideo: false,
    images: ['https://p.example.com/a.jpg'],
    totalImages: 1,
    detail: { content: '', mediaArr: [], mediaPrefix: '', picDomainArr: [], mediaDomains: [], isVideo: false },
  }

  it('checks material fields against each other', () => {
    expect(isRenderable(material)).toBe(true)
    expect(isRenderable({ ...material, totalImages: 2 })).toBe(false)
    expect(isRenderable({ ...material, isVideo: true })).toBe(false)
    expect(isRenderable({ ...material, materialType: 2 })).toBe(false)
  })

  it('terminates on a cyclic quote', () => {
    const reply: Record<string, unknown> = { ...base, kind: 'reply', replyText: 'r' }
    reply.quoted = reply
    expect(isRenderable(reply)).toBe(false)
  })
})
