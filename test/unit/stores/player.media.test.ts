import { audioFileFromParams } from '../../../src/features/audioFile/audioFile'
import {
  M4A_CONTENT_TYPE_QUERY,
  PROVIDER_MP3_QUERY,
  isAmrUrl,
  m4aPlayableUrl,
  providerMp3Url,
} from '../../../src/platform/audio/mediaUrl'
import { encodeWav } from '../../../src/platform/audio/wav'

describe('m4a conversion parameter (spec 001 §5)', () => {
  it('asks the provider media host for mp3 transcoding', () => {
    expect(m4aPlayableUrl('https://nim.nosdn.127.net/abc/lesson.m4a')).toBe(
      `https://nim.nosdn.127.net/abc/lesson.m4a?${PROVIDER_MP3_QUERY}`,
    )
  })

  it('asks other hosts for an audio content type, keeping the query and the fragment', () => {
    expect(m4aPlayableUrl('https://cdn.example.com/a.M4A?sig=1#t=3')).toBe(
      `https://cdn.example.com/a.M4A?sig=1&${M4A_CONTENT_TYPE_QUERY}#t=3`,
    )
  })

  it('leaves other formats alone, and never adds the parameter twice', () => {
    expect(m4aPlayableUrl('https://cdn.example.com/a.mp3')).toBe('https://cdn.example.com/a.mp3')
    const once = m4aPlayableUrl('https://cdn.example.com/a.m4a')
    expect(m4aPlayableUrl(once)).toBe(once)
  })

  it('does not take a host that merely ends like the provider for the provider', () => {
    expect(m4aPlayableUrl('https://evilnosdn.127.net.example.com/a.m4a')).toContain(M4A_CONTENT_TYPE_QUERY)
    expect(providerMp3Url('https://cdn.example.com/v.amr')).toBe('https://cdn.example.com/v.amr')
    expect(providerMp3Url('https://nos.netease.com/v.amr')).toBe(`https://nos.netease.com/v.amr?${PROVIDER_MP3_QUERY}`)
  })

  it('recognises AMR by the path, not by the query', () => {
    expect(isAmrUrl('/media/voice/homework.AMR')).toBe(true)
    expect(isAmrUrl('https://x.example/v.mp3?from=a.amr')).toBe(false)
  })
})

describe('encodeWav', () => {
  it('writes a 16-bit mono PCM header and clipped little-endian samples', () => {
    const wav = new DataView(encodeWav(new Float32Array([0, 1, -1, 2]), 8000))
    const ascii = (at: number) => String.fromCharCode(...[0, 1, 2, 3].map((i) => wav.getUint8(at + i)))
    expect(ascii(0)).toBe('RIFF')
    expect(ascii(8)).toBe('WAVE')
    expect(ascii(36)).toBe('data')
    expect(wav.byteLength).toBe(44 + 4 * 2)
    expect(wav.getUint32(4, true)).toBe(36 + 8)
    expect(wav.getUint16(22, true)).toBe(1)
    expect(wav.getUint32(24, true)).toBe(8000)
    expect(wav.getUint32(28, true)).toBe(16000)
    expect([0, 1, 2, 3].map((i) => wav.getInt16(44 + i * 2, true))).toEqual([0, 32767, -32768, 32767])
  })
})

describe('audio player page parameters', () => {
  it('reads name, url and fileExtension as the file cell sends them', () => {
    expect(audioFileFromParams({ name: 'listening.mp3', url: 'https://cdn.example/listening.mp3', fileExtension: 'MP3' })).toEqual({
      name: 'listening.mp3',
      url: 'https://cdn.example/listening.mp3',
      fileExtension: 'mp3',
    })
  })

  it('decodes values the mini-program passes still encoded', () => {
    const url = 'https://cdn.example/a b.m4a'
    expect(audioFileFromParams({ name: encodeURIComponent('第一课.m4a'), url: encodeURIComponent(encodeURIComponent(url)) })).toEqual({
      name: '第一课.m4a',
      url,
      fileExtension: 'm4a',
    })
  })

  it('reads the legacy item JSON', () => {
    const item = encodeURIComponent(JSON.stringify({ name: 'x.wav', url: '/media/file/x.wav', fileExtension: 'wav' }))
    expect(audioFileFromParams({ item })).toEqual({ name: 'x.wav', url: '/media/file/x.wav', fileExtension: 'wav' })
  })

  it('refuses links that are not http(s) or same-origin paths, and broken input', () => {
    expect(audioFileFromParams({ url: 'javascript:alert(1)', name: 'a.mp3' })).toBeNull()
    expect(audioFileFromParams({ item: '{broken' })).toBeNull()
    expect(audioFileFromParams({})).toBeNull()
    expect(audioFileFromParams({ url: '%E0%A4%A' })).toBeNull()
  })
})
