/**
 * Issue 34 item 1: the chat room answers its refusals in the app's language. A browser's
 * WebSocket cannot send the app's Accept-Language, so the app names it in the URL (`lang`,
 * src/im/local/address.ts); without it the upgrade's Accept-Language decides, zh-CN by default.
 */
import WebSocket from 'ws'
import { textOf } from '../../../server/core/messages'
import { wsText } from '../wsText'
import { ROOM, RoomServer } from './harness'

const server = new RoomServer()
beforeAll(() => server.start())
afterAll(() => server.dispose())

/** A guest's refusal (closing the room is the host's) on a socket opened with `query` and `acceptLanguage`. */
async function refusal(query: string, acceptLanguage?: string): Promise<string> {
  const socket = new WebSocket(`${server.url}${query}`, { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} })
  try {
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    const answer = new Promise<string>((resolve) =>
      socket.on('message', (raw) => {
        const frame = JSON.parse(wsText(raw)) as { id?: number; msg?: string }
        if (frame.id === 2) resolve(frame.msg ?? '')
      }),
    )
    socket.send(JSON.stringify({ id: 1, cmd: 'login', body: { chatroomId: ROOM, anonymous: true, nick: 'x' } }))
    socket.send(JSON.stringify({ id: 2, cmd: 'closeChatroom', body: {} }))
    return await answer
  } finally {
    socket.terminate()
  }
}

describe('the language of the chat room', () => {
  it.each([
    ['?lang=en', 'zh-CN,zh;q=0.9', 'en'],
    ['?lang=zh-CN', 'en-US,en;q=0.9', 'zh-CN'],
    ['', 'en-US,en;q=0.9', 'en'],
    ['', undefined, 'zh-CN'],
    ['?lang=fr', undefined, 'zh-CN'],
  ] as const)('a socket at %p with Accept-Language %p is answered in %s', async (query, header, language) => {
    expect(await refusal(query, header)).toBe(textOf('chatOwnerOnly', language))
  })
})
