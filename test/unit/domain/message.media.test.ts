import fc from 'fast-check'
import { AVATAR_THUMBNAIL, avatarThumbnailUrl } from '../../../src/domain/message/url'
import {
  buildCircleMedia,
  joinUrl,
  readCircleData,
  safeUrl,
  videoPosterUrl,
} from '../../../src/domain/message'

describe('safeUrl', () => {
  it.each([
    ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/a.jpg'],
    ['HTTP://cdn.example.com/a.jpg?x=1#f', 'HTTP://cdn.example.com/a.jpg?x=1#f'],
    ['//cdn.example.com/a.jpg', 'https://cdn.example.com/a.jpg'],
    ['/media/a.jpg', '/media/a.jpg'],
    ['  https://cdn.example.com/a b.jpg \n', 'https://cdn.example.com/a b.jpg'],
  ])('accepts %j as %j', (input, expected) => {
    expect(safeUrl(input)).toBe(expected)
  })

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'vbscript:msgbox(1)',
    'blob:https://example.com/x',
    'ftp://example.com/a',
    'relative/path.jpg',
    'https://',
    '/',
    '//',
    '/\\evil.example.com',
    'https://good.example.com\\@evil.example.com',
    'https://example.com/a\u0000b',
    '',
    42,
    null,
    undefined,
    { toString: () => 'https://example.com' },
    ['https://example.com'],
  ])('rejects %j', (input) => {
    expect(safeUrl(input)).toBeUndefined()
  })
})

describe('joinUrl', () => {
  it.each([
    [['https://a.example.com/', '/prefix/', '/b.jpg'], 'https://a.example.com/prefix/b.jpg'],
    [['https://a.example.com', 'prefix', 'b.jpg'], 'https://a.example.com/prefix/b.jpg'],
    [['https://a.example.com///', '', '//b.jpg'], 'https://a.example.com/b.jpg'],
    [['/media', 'circle/', 'x/y.jpg'], '/media/circle/x/y.jpg'],
  ])('%j -> %s', (parts, expected) => {
    expect(joinUrl(parts)).toBe(expected)
  })
})

describe('videoPosterUrl', () => {
  it('asks the storage for the frame at 1 s in native storage and 0 s elsewhere (spec 000 §9)', () => {
    expect(videoPosterUrl('https://v.example.com/a.mp4', true)).toBe(
      'https://v.example.com/a.mp4?x-oss-process=video/snapshot,t_1000,f_jpg,m_fast',
    )
    expect(videoPosterUrl('https://v.example.com/a.mp4', false)).toBe(
      'https://v.example.com/a.mp4?x-oss-process=video/snapshot,t_0,f_jpg,m_fast',
    )
  })

  it('extends an existing query and keeps the fragment last', () => {
    expect(videoPosterUrl('https://v.example.com/a.mp4?token=1#t=5', false)).toBe(
      'https://v.example.com/a.mp4?token=1&x-oss-process=video/snapshot,t_0,f_jpg,m_fast#t=5',
    )
  })
})

describe('buildCircleMedia', () => {
  const pictures = {
    content: 'Three pictures',
    mediaType: 1,
    mediaData: {
      urlPrefix: '/circle/',
      items: [
        { domainIndex: 1, urlSuffix: 'a.jpg' },
        { domainIndex: '0', urlSuffix: '/b.jpg' },
        { domainIndex: 9, urlSuffix: 'c.jpg' },
      ],
    },
    picDomains: ['https://p0.example.com', 'https://p1.example.com/'],
    mediaDomains: ['https://m0.example.com'],
  }

  it('builds picture URLs from picDomains[domainIndex] + urlPrefix + urlSuffix', () => {
    expect(buildCircleMedia(pictures)).toEqual({
      content: 'Three pictures',
      isVideo: false,
      // index 9 is out of range and there is no single picDomain: index 0
      images: [
        'https://p1.example.com/circle/a.jpg',
        'https://p0.example.com/circle/b.jpg',
        'https://p0.example.com/circle/c.jpg',
      ],
    })
  })

  it('falls back to the single picDomain before index 0', () => {
    const media = buildCircleMedia({ ...pictures, picDomain: 'https://single.example.com' })
    expect(media.images[2]).toBe('https://single.example.com/circle/c.jpg')
  })

  it('uses the single picDomain when there is no list', () => {
    const { picDomains: _unused, ...rest } = pictures
    const media = buildCircleMedia({ ...rest, picDomain: 'https://single.example.com' })
    expect(media.images).toEqual([
      'https://single.example.com/circle/a.jpg',
      'https://single.example.com/circle/b.jpg',
      'https://single.example.com/circle/c.jpg',
    ])
  })

  it('builds a video from the media domains, with its poster at offset 0', () => {
    const media = buildCircleMedia(
      JSON.stringify({
        content: 'A video',
        mediaType: 2,
        mediaData: [{ domainIndex: 0, urlSuffix: 'v.mp4' }],
        urlPrefix: 'space',
        picDomains: ['https://p0.example.com'],
        mediaDomains: ['https://m0.example.com'],
      }),
    )
    expect(media).toEqual({
      content: 'A video',
      isVideo: true,
      images: [],
      videoUrl: 'https://m0.example.com/space/v.mp4',
      posterUrl: videoPosterUrl('https://m0.example.com/space/v.mp4', false),
    })
  })

  it('treats a post without media as text, whatever its mediaType', () => {
    expect(buildCircleMedia({ content: 'Only words', mediaType: 2 })).toEqual({
      content: 'Only words',
      isVideo: false,
      images: [],
    })
  })

  it('drops items whose domain is missing or unsafe', () => {
    const media = buildCircleMedia({
      mediaType: 1,
      mediaData: [{ domainIndex: 0, urlSuffix: 'a.jpg' }, { domainIndex: 1, urlSuffix: 'b.jpg' }, { domainIndex: 0 }],
      picDomains: ['javascript:alert(1)//', 'https://ok.example.com'],
    })
    expect(media.images).toEqual(['https://ok.example.com/b.jpg'])
    expect(buildCircleMedia({ mediaType: 1, mediaData: [{ urlSuffix: 'a.jpg' }] }).images).toEqual([])
  })

  it('reads the detail page route data the same way (round trip through route params)', () => {
    const detail = readCircleData(JSON.stringify(pictures))
    expect(detail).toMatchObject({ mediaPrefix: '/circle/', picDomainArr: pictures.picDomains, isVideo: false })
    const routeParam = encodeURIComponent(JSON.stringify(detail))
    expect(buildCircleMedia(decodeURIComponent(routeParam))).toEqual(buildCircleMedia(pictures))
  })

  it('reads isVideo of route data as a flag', () => {
    const route = {
      content: '',
      mediaArr: [{ domainIndex: 0, urlSuffix: 'v.mp4' }],
      mediaPrefix: '',
      picDomainArr: [],
      mediaDomains: ['https://m.example.com'],
      isVideo: 'true',
    }
    expect(buildCircleMedia(route)).toMatchObject({ isVideo: true, videoUrl: 'https://m.example.com/v.mp4' })
    expect(buildCircleMedia({ ...route, isVideo: false })).toMatchObject({ isVideo: false, images: [] })
  })

  it.each([null, 3, 'nope', [], '{"content":'])('gives empty media for %j', (data) => {
    expect(buildCircleMedia(data)).toEqual({ content: '', isVideo: false, images: [] })
  })
})

describe('avatarThumbnailUrl (spec 000 §9: 100, 64 or 80x100)', () => {
  it('asks the image processor for the size, after any query and before a fragment', () => {
    expect(avatarThumbnailUrl('https://cdn.example.com/a.png', AVATAR_THUMBNAIL.row)).toBe(
      'https://cdn.example.com/a.png?x-oss-process=image/resize,m_fill,w_100,h_100',
    )
    expect(avatarThumbnailUrl('/media/a.png?v=2#x', AVATAR_THUMBNAIL.circle)).toBe('/media/a.png?v=2&x-oss-process=image/resize,m_fill,w_64,h_64#x')
    expect(avatarThumbnailUrl('https://cdn.example.com/a.png', AVATAR_THUMBNAIL.card)).toBe(
      'https://cdn.example.com/a.png?x-oss-process=image/resize,m_fill,w_80,h_100',
    )
  })

  it('leaves processed, unsafe and empty URLs as they are', () => {
    const processed = 'https://cdn.example.com/a.png?x-oss-process=image/resize,w_50'
    expect(avatarThumbnailUrl(processed, AVATAR_THUMBNAIL.row)).toBe(processed)
    expect(avatarThumbnailUrl('javascript:alert(1)', AVATAR_THUMBNAIL.row)).toBe('javascript:alert(1)')
    expect(avatarThumbnailUrl('', AVATAR_THUMBNAIL.row)).toBe('')
  })

  it('hostile input: never throws, and adds exactly one processing parameter to a safe URL', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const url = `https://cdn.example.com/${s}`
        const out = avatarThumbnailUrl(url, AVATAR_THUMBNAIL.row)
        if (!url.includes('x-oss-process=') && safeUrl(url) !== undefined) expect(out.split('x-oss-process=').length).toBe(2)
        else expect(out).toBe(url)
      }),
    )
  })
})
