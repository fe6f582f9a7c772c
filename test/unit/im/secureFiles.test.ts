/**
 * Issue 34 item 6, spec 001 §3 "Secure-page mode forces https": on a page served over https, a file
 * message's http url is read as https (a browser would block the http picture or audio as mixed
 * content); on an http page it stays. NetEase's SDK is faked at its boundary (test/fixtures/fakeNim.ts);
 * the messages come from NetEase's server API, the only sender a NetEase room's file is taken from.
 */
import { NeteaseChatroomClient, type EnterOptions } from '../../../src/im'
import type { LiveChatMessage } from '../../../src/domain/chat/liveMessage'
import { FakeNimRoom, type FakeNimInstance } from '../../fixtures/fakeNim'

const guest: EnterOptions = { chatroomId: 'r1', addresses: ['a.example:443'], identity: { kind: 'guest', nick: 'Guest' } }

async function received(securePage: boolean): Promise<LiveChatMessage[]> {
  const room = new FakeNimRoom()
  const client = new NeteaseChatroomClient('app-key', async () => room)
  const got: LiveChatMessage[] = []
  client.onMessages((messages) => got.push(...messages))
  await client.enter({ ...guest, securePage })
  const sdk = room.instances.at(-1) as FakeNimInstance
  sdk.emit('chatroomMsg', {
    chatroomId: 'r1', idClient: 'img1', from: 'wm_teacher', time: 5, type: 'image', body: '', flow: 'in', fromClientType: 'Server',
    attach: { url: 'http://nos.example.com/a.png', ext: 'png', size: 2048, name: 'a.png', w: 10, h: 10 },
  })
  sdk.emit('chatroomMsg', { chatroomId: 'r1', idClient: 'aud1', from: 'wm_teacher', time: 6, type: 'audio', body: '', flow: 'in', fromClientType: 'Server', attach: { url: 'http://nos.example.com/a.aac', ext: 'aac', size: 9 } })
  return got
}

describe('file messages on a secure page', () => {
  it('an http file url is read as https on an https page, its derived mp3 url too', async () => {
    const [image, audio] = await received(true)
    expect(image.file).toMatchObject({ type: 'image', url: 'https://nos.example.com/a.png', w: 10, h: 10 })
    expect(audio.file).toMatchObject({ type: 'audio', url: 'https://nos.example.com/a.aac', mp3Url: 'https://nos.example.com/a.aac?audioTrans&type=mp3' })
  })

  it('stays as sent on an http page', async () => {
    const [image] = await received(false)
    expect(image.file?.url).toBe('http://nos.example.com/a.png')
  })
})
