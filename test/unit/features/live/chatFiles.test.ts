/**
 * Issue 34 item 6: the live chat sends a picked file as a file, image or audio message: refused
 * at once when the room cannot take it, a pending row with the upload's progress, then sent; a
 * failed upload keeps the row with the server's words and 重发 uploads again, a failed send
 * resends only the message. The chat room client and the uploader are scripted (the platform edge).
 */
import { LiveChatStore, type FileUploader } from '../../../../src/features/live/LiveChatStore'
import { ChatroomError, type ChatroomClient, type ChatroomStatus } from '../../../../src/im'
import type { LiveChatMessage } from '../../../../src/domain/chat/liveMessage'
import type { ChatFile } from '../../../../types/chatUpload'
import type { PickedFile } from '../../../../src/platform/chatFile'

const me = { nickname: 'Me', faceIcon: '', uid: 'me', updateTime: 0 }
const stored: ChatFile = { type: 'image', url: '/media/store/ab/abc.png', ext: 'png', size: 2048, name: 'a.png', w: 4, h: 3 }

class FileClient implements ChatroomClient {
  status: ChatroomStatus = { state: 'connected' }
  send = jest.fn()
  sendFile = jest.fn(async (file: ChatFile, idClient: string): Promise<LiveChatMessage> => ({
    idClient, from: 'me', time: 9, flow: 'out', msgType: 'FILE', text: file.name, type: '', sender: me, file,
  }))
  history = jest.fn(async () => [])
  enter = jest.fn()
  exit = jest.fn(async () => undefined)
  members = jest.fn(async () => [])
  readonly moderation = undefined
  onMessages() {
    return () => undefined
  }
  onStatus() {
    return () => undefined
  }
}

const picked = (name = 'a.png', size = 2048): PickedFile => ({ name, size, read: async () => new ArrayBuffer(0), previewUrl: 'blob:local' })

describe('LiveChatStore.sendFile', () => {
  it('shows the file at once with its upload progress, then the message the room stored', async () => {
    const client = new FileClient()
    let report: (fraction: number) => void = () => undefined
    let finish: (file: ChatFile) => void = () => undefined
    const upload = jest.fn<ReturnType<FileUploader>, Parameters<FileUploader>>((_kind, _name, _file, onProgress) => {
      report = onProgress
      return new Promise((resolve) => (finish = resolve))
    })
    const store = new LiveChatStore(client, { upload })
    const sending = store.sendFile('image', picked('C:\\photos\\a.png'), me)
    expect(store.items).toMatchObject([{ state: 'pending', msgType: 'FILE', progress: 0, file: { type: 'image', url: 'blob:local', name: 'a.png', size: 2048 } }])
    report(0.5)
    expect(store.items[0].progress).toBe(0.5)
    finish(stored)
    await expect(sending).resolves.toBeUndefined()
    expect(upload).toHaveBeenCalledWith('image', 'a.png', expect.anything(), expect.any(Function))
    expect(client.sendFile).toHaveBeenCalledWith(stored, store.items[0].idClient)
    expect(store.items).toMatchObject([{ state: 'sent', file: stored }])
  })

  it('refuses a file the room cannot take before any upload', async () => {
    const client = new FileClient()
    const upload = jest.fn()
    const store = new LiveChatStore(client, { upload })
    expect(await store.sendFile('audio', picked('talk.mp3', 50 * 1024 * 1024 + 1), me)).toBe('live.file.audioTooLarge')
    expect(await store.sendFile('image', picked('x.svg'), me)).toBe('live.file.badType')
    expect(upload).not.toHaveBeenCalled()
    expect(store.items).toEqual([])
  })

  it('a refused upload keeps the row with the server\'s words; 重发 uploads again; a lost send resends only the message', async () => {
    const client = new FileClient()
    const upload = jest.fn<ReturnType<FileUploader>, Parameters<FileUploader>>().mockRejectedValueOnce(new Error('文件太大，无法发送')).mockResolvedValue(stored)
    const store = new LiveChatStore(client, { upload })
    await store.sendFile('image', picked(), me)
    expect(store.items).toMatchObject([{ state: 'failed', errorText: '文件太大，无法发送' }])
    client.sendFile.mockRejectedValueOnce(new ChatroomError('offline', 0, 'gone'))
    await store.retry(store.items[0].key)
    expect(store.items).toMatchObject([{ state: 'failed', error: 'offline' }])
    expect(store.items[0].errorText).toBeUndefined()
    await store.retry(store.items[0].key)
    expect(upload).toHaveBeenCalledTimes(2)
    expect(client.sendFile).toHaveBeenCalledTimes(2)
    expect(store.items).toMatchObject([{ state: 'sent' }])
  })

  it('offers files only where the room takes them and an uploader is given', () => {
    const local = new FileClient()
    expect(new LiveChatStore(local, { upload: jest.fn() }).sendsFiles).toBe(true)
    expect(new LiveChatStore(local).sendsFiles).toBe(false)
    const netease: ChatroomClient = Object.assign(new FileClient(), { sendFile: undefined })
    expect(new LiveChatStore(netease, { upload: jest.fn() }).sendsFiles).toBe(false)
  })
})
