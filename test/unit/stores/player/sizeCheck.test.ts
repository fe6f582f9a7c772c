import { AUDIO_MAX_BYTES } from '../../../../src/domain/validation'
import { AudioSizeCheck } from '../../../../src/stores/player/sizeCheck'

function engineAnswering(answer: (url: string) => Promise<number | undefined>) {
  const mediaSize = jest.fn(answer)
  return { mediaSize, check: new AudioSizeCheck({ mediaSize }) }
}

describe('AudioSizeCheck', () => {
  it('admits up to 50 MB exactly, and a size the server does not tell', async () => {
    const sizes: Record<string, number | undefined> = { exact: AUDIO_MAX_BYTES, over: AUDIO_MAX_BYTES + 1, unknown: undefined }
    const { check } = engineAnswering((url) => Promise.resolve(sizes[url]))
    expect(await check.admits('exact')).toBe(true)
    expect(await check.admits('over')).toBe(false)
    expect(await check.admits('unknown')).toBe(true)
  })

  it('admits when the size query fails', async () => {
    const { check } = engineAnswering(() => Promise.reject(new Error('HEAD failed')))
    expect(await check.admits('a.mp3')).toBe(true)
  })

  it('asks the engine once per URL, even while the first answer is pending', async () => {
    const { check, mediaSize } = engineAnswering(() => Promise.resolve(AUDIO_MAX_BYTES * 2))
    const first = check.admits('a.mp3')
    const second = check.admits('a.mp3')
    expect(await first).toBe(false)
    expect(await second).toBe(false)
    expect(await check.admits('a.mp3')).toBe(false)
    await check.admits('b.mp3')
    expect(mediaSize.mock.calls).toEqual([['a.mp3'], ['b.mp3']])
  })
})
