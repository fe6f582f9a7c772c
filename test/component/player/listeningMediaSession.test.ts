import { bindMediaSession } from '../../../src/platform/audio/mediaSession'
import type { AudioSource } from '../../../src/platform/audio/types'

/**
 * The sleep timer on the H5 lock screen (issue 35 item 2): the Media Session's album line says
 * what the timer will do, survives the next voice's metadata, and goes when the timer does.
 * navigator.mediaSession and MediaMetadata are faked at the platform edge.
 */
class FakeMediaSession {
  metadata: { title: string; artist: string; album: string } | null = null
  playbackState = 'none'
  setActionHandler(): void {}
}

const source = (title: string): AudioSource => ({ src: `https://media.example/${title}.mp3`, title, singer: 'Teacher', coverImgUrl: '', startAt: 0, rate: 1, volume: 1 })

describe('the sleep timer on the H5 lock screen', () => {
  beforeEach(() => {
    Object.assign(globalThis, {
      MediaMetadata: class {
        constructor(init: { title: string; artist: string; album: string }) {
          Object.assign(this, init)
        }
      },
    })
  })

  it('shows the note under the title, keeps it for the next voice and clears it', () => {
    const session = new FakeMediaSession()
    const binding = bindMediaSession(session as unknown as MediaSession, { play() {}, pause() {}, next() {}, previous() {}, seek() {} })
    binding.metadata(source('One'))
    expect(session.metadata?.album).toBe('')
    binding.note('15 分钟后停止播放')
    expect(session.metadata).toMatchObject({ title: 'One', artist: 'Teacher', album: '15 分钟后停止播放' })
    binding.metadata(source('Two'))
    expect(session.metadata).toMatchObject({ title: 'Two', album: '15 分钟后停止播放' })
    binding.note(undefined)
    expect(session.metadata).toMatchObject({ title: 'Two', album: '' })
    // nothing playing: a note shows no empty now-playing card
    binding.stopped()
    binding.note('播完本课后停止')
    expect(session.metadata).toBeNull()
  })
})
