/**
 * Issue 34 item 2.6, the NetEase adapter: a file, image or audio message goes through our server
 * (the NetEaseFileSender, here a jest.fn in its place) with the room, the stored file's url and the
 * client's id, and comes back as the message NetEase took; received ones are read as the SDK hands
 * them (nim-web-sdk-ng parses a JSON body: the file arrives as an object in `body`, NetEase's attach
 * fields url, name, ext, size, md5, w, h, dur), from NetEase's server API (`fromClientType` Server)
 * or, from a client's SDK (the native app's), on NetEase's own storage: one a member's SDK wrote to
 * point elsewhere is not shown. NetEase's SDK is faked at its
 * boundary (test/fixtures/fakeNim.ts).
 */
import { NeteaseChatroomClient, ChatroomError, type EnterOptions } from '../../../src/im'
import type { LiveChatMessage } from '../../../src/domain/chat/liveMessage'
import type { ChatFile, NetEaseFileMessage } from '../../../types/chatUpload'
import { FakeNimRoom, type FakeNimInstance } from '../../fixtures/fakeNim'

const buyer: EnterOptions = { chatroomId: '3001', addresses: ['chatroom.netease.im:443'], identity: { kind: 'account', account: 'wm_buyer', token: 'tk' } }
const stored: ChatFile = { type: 'audio', url: '/media/store/cd/talk.amr', ext: 'amr', size: 4096, name: '朗读.amr' }

async function entered(sender?: jest.Mock<Promise<NetEaseFileMessage>, [string, string, string]>) {
  const room = new FakeNimRoom()
  const client = new NeteaseChatroomClient('app-key', async () => room, sender ? { sendFile: sender } : {})
  const got: LiveChatMessage[] = []
  client.onMessages((messages) => got.push(...messages))
  await client.enter(buyer)
  return { client, got, sdk: room.instances.at(-1) as FakeNimInstance }
}

describe('a NetEase room\'s files', () => {
  it('sends through our server with the room, the url and the id, and the echo from NetEase is not handed on twice', async () => {
    const sender = jest.fn(async (_room: string, _url: string, idClient: string): Promise<NetEaseFileMessage> => ({ idClient, from: 'wm_buyer', fromNick: '学员阿杰', fromAvatar: '', time: 1_700_000_000_100, type: 2, attach: stored }))
    const { client, got, sdk } = await entered(sender)
    const sent = await client.sendFile?.(stored, 'c-1')
    expect(sender).toHaveBeenCalledWith('3001', '/media/store/cd/talk.amr', 'c-1')
    expect(sent).toMatchObject({ idClient: 'c-1', flow: 'out', msgType: 'FILE', text: '朗读.amr', file: { type: 'audio', url: '/media/store/cd/talk.amr', mp3Url: '/media/store/cd/talk.amr?audioTrans&type=mp3', size: 4096 } })
    sdk.emit('chatroomMsg', { chatroomId: '3001', idClient: 'c-1', from: 'wm_buyer', time: 1_700_000_000_100, type: 'audio', body: { ...stored }, fromClientType: 'Server' })
    expect(got).toEqual([])
  })

  it('offers no file send without our server, and none while not in the room', async () => {
    expect((await entered()).client.sendFile).toBeUndefined()
    const sender = jest.fn()
    const client = new NeteaseChatroomClient('app-key', async () => new FakeNimRoom(), { sendFile: sender })
    await expect(client.sendFile?.(stored, 'c-2')).rejects.toEqual(expect.any(ChatroomError))
    expect(sender).not.toHaveBeenCalled()
  })

  it("reads NetEase's own image, audio and file shapes from the server, and drops a member's SDK's pointing off NetEase's storage", async () => {
    const { got, sdk } = await entered()
    const from = { chatroomId: '3001', from: 'wm_teacher', flow: 'in' as const, fromClientType: 'Server' }
    sdk.emit('chatroomMsg', { ...from, idClient: 'i1', time: 1, type: 'image', body: { name: 'a.jpg', md5: 'e1', url: 'https://x.example/a.jpg', ext: 'jpg', w: 640, h: 480, size: 2048 } })
    sdk.emit('chatroomMsg', { ...from, idClient: 'a1', time: 2, type: 'audio', body: { dur: 3200, md5: 'e2', url: 'https://x.example/b.aac', ext: 'aac', size: 9000 } })
    sdk.emit('chatroomMsg', { ...from, idClient: 'f1', time: 3, type: 'file', body: { name: '讲义.pdf', md5: 'e3', url: 'https://x.example/c.pdf', ext: 'pdf', size: 1536 } })
    for (const fromClientType of ['Web', 'Android', undefined]) {
      sdk.emit('chatroomMsg', { ...from, fromClientType, idClient: `x-${String(fromClientType)}`, time: 4, type: 'file', body: { name: 'virus.pdf', url: 'https://evil.example/v.pdf', ext: 'pdf', size: 1 } })
    }
    expect(got.map((m) => [m.idClient, m.file?.type, m.file?.name, m.file?.size])).toEqual([
      ['i1', 'image', 'a.jpg', 2048],
      ['a1', 'audio', 'audio.aac', 9000],
      ['f1', 'file', '讲义.pdf', 1536],
    ])
    expect(got[0]?.file).toMatchObject({ w: 640, h: 480 })
    expect(got[1]?.file?.mp3Url).toBe('https://x.example/b.aac?audioTrans&type=mp3')
  })

  it("shows the native app's files, which its SDK uploads to NetEase's storage", async () => {
    const { got, sdk } = await entered()
    const teacher = { chatroomId: '3001', from: 'wm_teacher', flow: 'in' as const }
    sdk.emit('chatroomMsg', { ...teacher, fromClientType: 'Android', idClient: 'n1', time: 1, type: 'image', body: { name: 'b.jpg', url: 'https://nim.nosdn.127.net/MTY2/b.jpg', ext: 'jpg', size: 3000, w: 10, h: 10 } })
    sdk.emit('chatroomMsg', { ...teacher, fromClientType: 'iOS', idClient: 'n2', time: 2, type: 'audio', body: { url: 'https://nim-nosdn.netease.im/MTY2/c.aac', ext: 'aac', size: 500, dur: 1000 } })
    sdk.emit('chatroomMsg', { ...teacher, fromClientType: 'Web', idClient: 'n3', time: 3, type: 'file', body: { name: 'x.pdf', url: 'https://nim.nosdn.127.net@evil.example/x.pdf', ext: 'pdf', size: 1 } })
    sdk.emit('chatroomMsg', { ...teacher, fromClientType: 'Web', idClient: 'n4', time: 4, type: 'file', body: { name: 'y.pdf', url: 'https://nosdn.127.net.evil.example/y.pdf', ext: 'pdf', size: 1 } })
    expect(got.map((m) => [m.idClient, m.file?.url])).toEqual([
      ['n1', 'https://nim.nosdn.127.net/MTY2/b.jpg'],
      ['n2', 'https://nim-nosdn.netease.im/MTY2/c.aac'],
    ])
  })
})
