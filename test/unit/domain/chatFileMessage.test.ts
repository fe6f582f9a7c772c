/**
 * Issue 34 item 6: the live chat's file, image and audio messages as received and as picked (spec
 * 001 §3 "File message", §5, §9), with hostile input: every body a sender could write.
 */
import { checkPicked, chunkPlan, derivedMp3Url, formatBytes, onNetEaseStorage, playableAudioUrl, readChatFile, uploadName } from '../../../src/domain/chat/fileMessage'
import { normaliseLiveMessage } from '../../../src/domain/chat/liveMessage'

const image = { type: 'image', url: 'https://cdn.example.com/a/b.png', ext: 'png', size: 2048, name: '板书.png', w: 640, h: 480 }

describe('a received file message', () => {
  it('reads the file of an image (1), audio (2) and file (6) message from its serialised text or an object', () => {
    expect(readChatFile(1, JSON.stringify(image), false)).toEqual(image)
    expect(readChatFile(6, { type: 'file', url: '/media/store/ab/x.pdf', ext: 'PDF', size: 10, name: '讲义.pdf' }, false)).toEqual({
      type: 'file', url: '/media/store/ab/x.pdf', ext: 'pdf', size: 10, name: '讲义.pdf',
    })
  })

  it('derives an mp3 url for audio without one, keeps a given one, and plays what the platform can', () => {
    const m4a = readChatFile(2, { type: 'audio', url: 'https://nos.example.com/a.m4a?token=1', ext: 'm4a', size: 5 }, false)
    expect(m4a?.mp3Url).toBe('https://nos.example.com/a.m4a?token=1&audioTrans&type=mp3')
    const amr = readChatFile(2, { url: 'https://nos.example.com/a.amr', ext: 'amr', size: 5, mp3Url: 'https://nos.example.com/a.mp3' }, false)
    expect(amr?.mp3Url).toBe('https://nos.example.com/a.mp3')
    expect(amr && playableAudioUrl(amr)).toBe('https://nos.example.com/a.mp3')
    expect(m4a && playableAudioUrl(m4a)).toBe('https://nos.example.com/a.m4a?token=1')
    expect(derivedMp3Url('/media/store/ab/c.mp3', 'mp3')).toBe('/media/store/ab/c.mp3')
    expect(derivedMp3Url('https://h/a.amr', 'amr')).toBe('https://h/a.amr?audioTrans&type=mp3')
  })

  it('forces https on a secure page', () => {
    expect(readChatFile(1, { ...image, url: 'http://cdn.example.com/a.png' }, true)?.url).toBe('https://cdn.example.com/a.png')
    expect(readChatFile(2, { url: 'http://h/a.amr', ext: 'amr', size: 1 }, true)?.mp3Url).toBe('https://h/a.amr?audioTrans&type=mp3')
    expect(readChatFile(1, { ...image, url: 'http://cdn.example.com/a.png' }, false)?.url).toBe('http://cdn.example.com/a.png')
  })

  it.each([
    ['a body that is not JSON', 1, '{not json'],
    ['no url', 1, { ...image, url: undefined }],
    ['a javascript: url', 1, { ...image, url: 'javascript:alert(1)' }],
    ['a data: url', 1, { ...image, url: 'data:text/html,<script>1</script>' }],
    ['a relative url', 6, { ...image, type: 'file', url: 'x.pdf' }],
    ['no ext', 1, { ...image, ext: undefined }],
    ['an ext with a path', 1, { ...image, ext: '../png' }],
    ['a negative size', 1, { ...image, size: -1 }],
    ['a fractional size', 1, { ...image, size: 1.5 }],
    ['a size as text', 1, { ...image, size: '2048' }],
    ['an unknown type', 6, { ...image, type: 'program' }],
    ['a type that is not the code\'s', 2, image],
    ['a code that carries no file', 3, image],
    ['an array', 1, [image]],
  ])('refuses %s', (_why, code, body) => {
    expect(readChatFile(code, typeof body === 'string' ? body : JSON.stringify(body), false)).toBeUndefined()
  })

  it('keeps a name to 100 characters, names a nameless file by its kind, and drops a non-positive picture size', () => {
    const long = readChatFile(6, { type: 'file', url: '/a', ext: 'txt', size: 1, name: 'n'.repeat(500) }, false)
    expect(long?.name).toHaveLength(100)
    expect(readChatFile(6, { type: 'file', url: '/a', ext: 'txt', size: 1, name: '  ' }, false)?.name).toBe('file.txt')
    expect(readChatFile(1, { ...image, w: 0, h: -3 }, false)).not.toHaveProperty('w')
  })

  it('becomes a live chat message whose text is the file name, with the sender the room recorded', () => {
    const message = normaliseLiveMessage(
      { idClient: 'f1', from: 'wm_buyer', fromNick: '王芳', time: 5, type: 1, body: JSON.stringify(image) },
      { account: 'wm_teacher', deviceId: 'd' },
    )
    expect(message).toMatchObject({ idClient: 'f1', msgType: 'FILE', text: '板书.png', flow: 'in', file: image, sender: { nickname: '王芳' } })
    // NetEase's SDK names the type and gives the file as an object
    expect(normaliseLiveMessage({ idClient: 'f2', from: 'x', time: 1, type: 'audio', body: '', file: { url: 'https://n/a.aac', ext: 'aac', size: 3 } }, { account: '', deviceId: 'd' })?.file).toMatchObject({ type: 'audio', ext: 'aac' })
    expect(normaliseLiveMessage({ idClient: 'f3', from: 'x', time: 1, type: 6, body: 'oops' }, { account: '', deviceId: 'd' })).toBeUndefined()
  })
})

describe("NetEase's own storage", () => {
  it.each([
    'https://nim.nosdn.127.net/MTY2/a.jpg',
    'http://nim.nosdn.127.net/a.jpg?imageView',
    'https://nim-nosdn.netease.im/MTY2/a.aac',
    'https://NIM-NOSDN.NETEASE.IM/a',
    'https://nos.netease.com/bucket/a.pdf',
    'https://nim.nos.netease.com/a.pdf',
  ])('takes %s', (url) => expect(onNetEaseStorage(url)).toBe(true))

  it.each([
    'https://nim.nosdn.127.net@evil.example/a.jpg',
    'https://evil.example/nim.nosdn.127.net/a.jpg',
    'https://nosdn.127.net.evil.example/a.jpg',
    'https://nosdn.127.net/a.jpg',
    'https://evil-nosdn.netease.im.evil.example/a',
    'https://nim.nosdn.127.net:8443/a.jpg',
    'javascript://nim.nosdn.127.net/%0aalert(1)',
    '//nim.nosdn.127.net/a.jpg',
    '/media/store/a.jpg',
    'https://nim.nosdn.127.net\\@evil.example/a',
    '',
    'x'.repeat(10_000),
  ])('refuses %s', (url) => expect(onNetEaseStorage(url)).toBe(false))
})

describe('a picked file', () => {
  it('is checked against the kind\'s extensions and limits before any upload (audio: 50 MB)', () => {
    expect(checkPicked('audio', 'a.MP3', 50 * 1024 * 1024)).toEqual({ ext: 'mp3' })
    expect(checkPicked('audio', 'a.mp3', 50 * 1024 * 1024 + 1)).toBe('live.file.audioTooLarge')
    expect(checkPicked('image', 'a.png', 10 * 1024 * 1024 + 1)).toBe('live.file.tooLarge')
    expect(checkPicked('image', 'a.svg', 10)).toBe('live.file.badType')
    expect(checkPicked('file', 'page.html', 10)).toBe('live.file.badType')
    expect(checkPicked('file', 'noext', 10)).toBe('live.file.badType')
    expect(checkPicked('file', 'a.pdf', 0)).toBe('live.file.empty')
  })

  it('is named as the server takes it: no path, no control characters, 100 characters at most with its extension', () => {
    expect(uploadName('C:\\Users\\me\\..\\课件.pdf')).toBe('课件.pdf')
    expect(uploadName('/tmp/../../.hidden.png')).toBe('hidden.png')
    expect(uploadName('a\u0000b\u001f.txt')).toBe('ab.txt')
    const long = uploadName(`${'长'.repeat(150)}.docx`)
    expect(long).toHaveLength(100)
    expect(long.endsWith('.docx')).toBe(true)
  })

  it('goes in chunks until the offset reaches the size (spec 001 §4)', () => {
    expect(chunkPlan(2500, 1000)).toEqual([{ offset: 0, length: 1000 }, { offset: 1000, length: 1000 }, { offset: 2000, length: 500 }])
    expect(chunkPlan(1000, 1000)).toEqual([{ offset: 0, length: 1000 }])
    expect(chunkPlan(0, 1000)).toEqual([])
  })

  it('shows its size as people read it', () => {
    expect([formatBytes(512), formatBytes(1536), formatBytes(12.3 * 1024 * 1024)]).toEqual(['512 B', '1.5 KB', '12.3 MB'])
  })
})
