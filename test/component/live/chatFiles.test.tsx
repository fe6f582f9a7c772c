/**
 * Issue 34 item 6 on the H5 runtime: a live chat row of a file, image or audio message. The image
 * is a thumbnail named for its sender that opens a preview dialog (Escape or its button closes it),
 * the audio plays in the platform's audio element, a file shows its name and size and opens; an
 * upload shows its progress and a refused one the server's words. Opening a file goes through the
 * platform's file capability, which is spied on (the edge).
 */
import { act } from 'react'
import { ChatFileBody } from '../../../src/features/live/ChatFileMessage'
import type { ChatItem } from '../../../src/features/live/LiveChatStore'
import { filePlatform } from '../../../src/platform/file'
import { mount, until } from '../act'
import { WithStores, testAppStores } from '../appStores'
import { text } from '../purchase/support'
import { screenRig } from '../money/support'

const sender = { nickname: '王芳', faceIcon: '', uid: 'wm_buyer', updateTime: 0 }
const row = (file: NonNullable<ChatItem['file']>, extra: Partial<ChatItem> = {}): ChatItem => ({
  key: 'k', idClient: 'k', from: 'wm_buyer', time: 1, flow: 'in', msgType: 'FILE', text: file.name, type: '', sender, state: 'sent', displayName: '王芳', file, ...extra,
})

describe('a file message in the live chat', () => {
  const rig = screenRig()
  const show = (item: ChatItem) => mount(rig.utils, WithStores, { stores: testAppStores(), children: <ChatFileBody item={item} /> })

  it('an image is a thumbnail that opens a preview, and Escape or its button closes it', async () => {
    await show(row({ type: 'image', url: '/media/store/ab/x.png', ext: 'png', size: 2048, name: '板书.png', w: 640, h: 480 }))
    const thumb = document.querySelector('.live-file__thumb')
    expect(thumb?.getAttribute('role')).toBe('button')
    expect(thumb?.getAttribute('aria-label')).toBe('查看王芳发送的图片')
    expect(document.querySelector('.live-file__thumb-image')?.getAttribute('src')).toContain('/media/store/ab/x.png')
    expect(text('.live-file__caption')).toBe('2.0 KB')
    rig.utils.fireEvent.click(thumb as Element)
    await until(() => expect(document.querySelector('[role="dialog"]')?.getAttribute('aria-label')).toBe('图片预览'))
    expect(document.querySelector('.live-file__preview-image')?.getAttribute('src')).toContain('/media/store/ab/x.png')
    await act(async () => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })))
    await until(() => expect(document.querySelector('[role="dialog"]')).toBeNull())
    rig.utils.fireEvent.click(thumb as Element)
    await until(() => expect(document.querySelector('.live-file__preview-close')).not.toBeNull())
    rig.utils.fireEvent.click(document.querySelector('.live-file__preview-close') as Element)
    await until(() => expect(document.querySelector('[role="dialog"]')).toBeNull())
  })

  it('audio plays in the audio element, from the mp3 url when the file is amr', async () => {
    await show(row({ type: 'audio', url: 'https://nos.example.com/a.amr', ext: 'amr', size: 3 * 1024 * 1024, name: '朗读.amr', mp3Url: 'https://nos.example.com/a.mp3' }))
    const audio = document.querySelector('.live-file__audio')
    expect(audio?.tagName.toLowerCase()).toBe('taro-audio-core')
    expect(audio?.getAttribute('src')).toBe('https://nos.example.com/a.mp3')
    expect(text('.live-file__caption')).toBe('3.0 MB')
  })

  it('a file shows its name and size and opens through the platform', async () => {
    const open = jest.spyOn(filePlatform, 'openFile').mockReturnValue('opened')
    try {
      await show(row({ type: 'file', url: 'https://cdn.example.com/x.pdf', ext: 'pdf', size: 1536, name: '讲义.pdf' }))
      expect(text('.live-file__name')).toBe('讲义.pdf')
      expect(text('.live-file__size')).toBe('1.5 KB')
      const doc = document.querySelector('.live-file__doc') as Element
      expect(doc.getAttribute('aria-label')).toBe('打开文件 讲义.pdf，1.5 KB')
      rig.utils.fireEvent.click(doc)
      expect(open).toHaveBeenCalledWith({ url: 'https://cdn.example.com/x.pdf', fileName: '讲义.pdf', fileExtension: 'pdf' })
    } finally {
      open.mockRestore()
    }
  })

  it('an upload shows its progress, and a refused one the server\'s words', async () => {
    await show(row({ type: 'file', url: '', ext: 'pdf', size: 10, name: 'a.pdf' }, { state: 'pending', progress: 0.42 }))
    expect(text('.live-file__progress')).toBe('上传中 42%')
    expect(document.querySelector('.live-file__doc')).toBeNull()
    rig.utils.unmout()
    await show(row({ type: 'audio', url: '', ext: 'mp3', size: 10, name: 'a.mp3' }, { state: 'failed', errorText: '音频文件过大（超过 50MB），请压缩或分段录制后再发送' }))
    expect(text('.live-file__error')).toBe('音频文件过大（超过 50MB），请压缩或分段录制后再发送')
  })
})
