/**
 * One wire message of every type, as the list call sends them (obj a JSON string; nested JSON
 * (reply `from`/`reply`, material `data`, custom face `content`) double-encoded like real exports).
 * The all-types test renders each; the server seed can copy these payloads. Media paths: any
 * absolute http(s) URL (the server makes `/media/...` absolute only in url/icon/emojiURL/faceIcon
 * fields of the top-level JSON).
 */
import type { WireMessage } from '../../../types/lesson'

const M = 'https://media.example.com/media'
const sender = { nickname: 'Teacher Li', faceIcon: `${M}/avatar-teacher.png` }

const obj = (payload: unknown): string => JSON.stringify(payload)

/** [kind the client parses it to, the wire message] */
export const ALL_TYPES: ReadonlyArray<readonly [string, Omit<WireMessage, 'id' | 'sendTime' | 'senderUserInfo'>]> = [
  ['text', { msgId: 't1', msgType: 1000, obj: obj({ content: 'Welcome to lesson one.' }) }],
  ['image', { msgId: 'i1', msgType: 1001, obj: obj({ url: `${M}/slide-1.png`, width: 1280, height: 720 }) }],
  ['voice', { msgId: 'v1', msgType: 1002, obj: obj({ url: `${M}/intro.mp3`, id: 'voice-1', duration: 12, text: 'Hello everyone' }) }],
  ['video', { msgId: 'vd1', msgType: 1003, obj: obj({ url: `${M}/clip.mp4`, width: 1280, height: 720 }) }],
  ['face', { msgId: 'f1', msgType: 1004, obj: obj({ url: `${M}/wave.gif`, width: 240, height: 240 }) }],
  ['contactCard', { msgId: 'c1', msgType: 1005, obj: obj({ name: 'Assistant Wang', avatar: `${M}/avatar-assistant.png`, userId: 'wm_assistant' }) }],
  ['location', { msgId: 'l1', msgType: 1006, obj: obj({ title: 'City Library', address: '1 Garden Road', lat: 31.2304, lng: 121.4737 }) }],
  ['signIn', { msgId: 's1', msgType: 1007, obj: obj({ text: 'Signed in for day 3' }) }],
  [
    'material',
    {
      msgId: 'mt1',
      msgType: 1008,
      obj: obj({
        type: 0,
        data: obj({
          content: 'Notes from today, five photos',
          mediaType: 1,
          mediaData: obj({ urlPrefix: 'circle/2024', items: [1, 2, 3, 4, 5].map((n) => ({ domainIndex: 0, urlSuffix: `p${n}.png` })) }),
          picDomains: [M],
          mediaDomains: [M],
        }),
      }),
    },
  ],
  [
    'material',
    {
      msgId: 'mt2',
      msgType: 1008,
      obj: obj({
        type: 1,
        data: obj({
          content: 'Group space: a short video',
          mediaType: 2,
          mediaData: obj([{ domainIndex: 0, urlSuffix: 'clip.mp4' }]),
          urlPrefix: '',
          picDomain: M,
          mediaDomain: M,
        }),
      }),
    },
  ],
  ['web', { msgId: 'w1', msgType: 1009, obj: obj({ title: 'Reading list', icon: `${M}/link.png`, url: 'https://example.com/reading' }) }],
  ['customFace', { msgId: 'cf1', msgType: 1010, obj: obj({ content: obj({ emojiURL: `${M}/sticker.png`, naturalSize: { width: 200, height: 200 } }) }) }],
  ['chatRecord', { msgId: 'cr1', msgType: 1011, obj: obj({ title: 'Chat record of 2 April', icon: `${M}/record.png`, url: 'https://example.com/record/1' }) }],
  ['complaint', { msgId: 'cp1', msgType: 1012, obj: obj({ text: 'Reported message' }) }],
  ['groupInvite', { msgId: 'g1', msgType: 1013, obj: obj({ groupName: 'Study group', avatar: `${M}/group.png`, data: 'invite-handle-1' }) }],
  ['file', { msgId: 'fl1', msgType: 1014, obj: obj({ fileName: 'Syllabus.docx', fileExtension: 'docx', fileLength: 24576, url: `${M}/syllabus.docx`, msgId: 'fl1' }) }],
  [
    'reply',
    {
      msgId: 'r1',
      msgType: 3000,
      obj: obj({
        from: obj({ msgType: 1000, msgId: 't1', obj: obj({ content: 'Welcome to lesson one.' }), senderUserInfo: sender }),
        reply: obj({ text: 'Thanks, teacher!' }),
      }),
    },
  ],
  ['notification', { msgId: 'n1', msgType: 2000, obj: obj({ text: 'Assistant Wang joined the group' }) }],
  ['hidden', { msgId: 'h1', msgType: 2001, obj: obj({ text: 'internal notice' }) }],
  ['nativeHello', { msgId: 'nh1', msgType: 99999, obj: obj({ text: 'Hi! Nice to meet you' }) }],
  ['unsupported', { msgId: 'u1', msgType: 1999, obj: obj({ content: 'from a newer app' }) }],
]

export function allTypesLesson(): WireMessage[] {
  return ALL_TYPES.map(([, message], index) => ({
    ...message,
    id: index + 1,
    sendTime: Date.UTC(2024, 3, 2, 1, index),
    senderUserInfo: sender,
  }))
}
