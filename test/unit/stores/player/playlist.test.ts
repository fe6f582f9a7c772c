import type { LessonMessage } from '../../../../src/domain/message/types'
import { textMessage, voiceMessage } from '../../../fixtures/messages'
import {
  findVoice,
  firstVoice,
  loadVoice,
  loadVoiceAfter,
  voiceAfter,
  voiceBefore,
  voiceMedia,
  type PlaylistSource,
} from '../../../../src/stores/player/playlist'

const voice = voiceMessage
const text = textMessage

/** A paged list: each loadMore answers with the next entry of `answers` (a page, or an error). */
class PagedList implements PlaylistSource {
  readonly key = 'lesson'
  readonly title = 'Lesson'
  coverImgUrl = ''
  messages: LessonMessage[]
  loadEnd: boolean
  loadMoreCalls = 0

  constructor(
    loaded: LessonMessage[],
    private readonly answers: (LessonMessage[] | Error)[] = [],
  ) {
    this.messages = [...loaded]
    this.loadEnd = answers.length === 0
  }

  async loadMore(): Promise<void> {
    const answer = this.answers[this.loadMoreCalls++]
    if (answer instanceof Error) throw answer
    this.messages.push(...(answer ?? []))
    if (this.loadMoreCalls >= this.answers.length) this.loadEnd = true
  }
}

const always = (): boolean => true

describe('the loaded list', () => {
  it('finds only playable voices: not a text with the same msgId, not a voice without a URL', () => {
    const list = new PagedList([text(1, 'v1'), voice(2, { url: '' }), voice(3)])
    expect(findVoice(list, 'v1')).toBeUndefined()
    expect(findVoice(list, 'v2')).toBeUndefined()
    expect(findVoice(list, 'v3')?.msgId).toBe('v3')
    expect(firstVoice(list)?.msgId).toBe('v3')
  })

  it('an empty list has no first, next or previous voice', () => {
    const list = new PagedList([])
    expect(firstVoice(list)).toBeUndefined()
    expect(voiceAfter(list, 'v1')).toBeUndefined()
    expect(voiceBefore(list, 'v1')).toBeUndefined()
  })

  it('the voice after one skips texts and voices without a URL; the last has none', () => {
    const list = new PagedList([voice(1), text(2), voice(3, { url: '' }), voice(4)])
    expect(voiceAfter(list, 'v1')?.msgId).toBe('v4')
    expect(voiceAfter(list, 'v4')).toBeUndefined()
    expect(voiceAfter(list, 'nope')).toBeUndefined()
  })

  it('the voice before one; at the first voice that one again; none for an unknown msgId', () => {
    const list = new PagedList([text(1), voice(2), voice(3)])
    expect(voiceBefore(list, 'v3')?.msgId).toBe('v2')
    expect(voiceBefore(list, 'v2')?.msgId).toBe('v2')
    expect(voiceBefore(list, 'nope')).toBeUndefined()
  })

  it('a msgId listed twice is placed at its first occurrence', () => {
    const list = new PagedList([voice(1), voice(2), voice(1, { url: 'https://media.example/again.mp3' }), voice(3)])
    expect(findVoice(list, 'v1')?.url).toBe('https://media.example/v1.mp3')
    expect(voiceAfter(list, 'v1')?.msgId).toBe('v2')
    expect(voiceBefore(list, 'v1')?.msgId).toBe('v1')
  })

  it('a voice plays with the lesson title and cover, else the sender face, else no cover', () => {
    const list = new PagedList([voice(1)])
    list.coverImgUrl = 'https://cdn.example/cover.png'
    expect(voiceMedia(list, voice(1))).toEqual({
      kind: 'voice',
      id: 'v1',
      url: 'https://media.example/v1.mp3',
      title: 'Lesson',
      singer: 'Teacher',
      coverImgUrl: 'https://cdn.example/cover.png',
      duration: 10,
    })
    list.coverImgUrl = ''
    expect(voiceMedia(list, voice(1)).coverImgUrl).toBe('https://cdn.example/face.png')
    expect(voiceMedia(list, voice(1, { sender: { nickname: 'N' } })).coverImgUrl).toBe('')
  })
})

describe('walking pages', () => {
  it('a loaded voice needs no page', async () => {
    const list = new PagedList([voice(1)], [[voice(2)]])
    expect((await loadVoice(list, 'v1'))?.msgId).toBe('v1')
    expect(list.loadMoreCalls).toBe(0)
  })

  it('loads pages, across pages without voice, until the voice is there', async () => {
    const list = new PagedList([voice(1)], [[text(2)], [text(3)], [voice(4)], [voice(5)]])
    expect((await loadVoice(list, 'v4'))?.msgId).toBe('v4')
    expect(list.loadMoreCalls).toBe(3)
  })

  it('an unknown msgId loads to the end of the list, then answers nothing', async () => {
    const list = new PagedList([voice(1)], [[voice(2)], [voice(3)]])
    expect(await loadVoice(list, 'nope')).toBeUndefined()
    expect(list.loadMoreCalls).toBe(2)
    expect(list.loadEnd).toBe(true)
  })

  it('a page that adds nothing stops the walk instead of asking again forever; a later walk asks again', async () => {
    const list = new PagedList([voice(1)], [[], [], [voice(2)]])
    expect(await loadVoice(list, 'v2')).toBeUndefined()
    expect(list.loadMoreCalls).toBe(1)
    expect(await loadVoiceAfter(list, 'v1', always)).toBeUndefined()
    expect(list.loadMoreCalls).toBe(2)
    expect((await loadVoiceAfter(list, 'v1', always))?.msgId).toBe('v2')
    expect(list.loadMoreCalls).toBe(3)
  })

  it('a failing page load rejects the walk after one attempt', async () => {
    const list = new PagedList([voice(1)], [new Error('offline'), [voice(2)]])
    await expect(loadVoice(list, 'v2')).rejects.toThrow('offline')
    expect(list.loadMoreCalls).toBe(1)
  })

  it('the voice after the last loaded one comes from the next pages', async () => {
    const list = new PagedList([voice(1), text(2)], [[text(3)], [voice(4), voice(5)]])
    expect((await loadVoiceAfter(list, 'v1', always))?.msgId).toBe('v4')
    expect(list.loadMoreCalls).toBe(2)
  })

  it('a walk no longer wanted loads nothing more', async () => {
    const list = new PagedList([voice(1)], [[text(2)], [voice(3)]])
    expect(await loadVoiceAfter(list, 'v1', () => false)).toBeUndefined()
    expect(list.loadMoreCalls).toBe(0)
    let wanted = true
    const walk = loadVoiceAfter(list, 'v1', () => wanted)
    wanted = false
    expect(await walk).toBeUndefined()
    expect(list.loadMoreCalls).toBe(1)
  })

  it('the voice after an unknown msgId is none, however many pages load', async () => {
    const list = new PagedList([voice(1)], [[voice(2)]])
    expect(await loadVoiceAfter(list, 'nope', always)).toBeUndefined()
    expect(list.loadMoreCalls).toBe(1)
  })
})
