import type { VoiceMessage } from '../../../../src/domain/message/types'
import { TRANSCRIPT_REVEAL_MS, revealTranscript, type TranscriptState } from '../../../../src/stores/player/transcripts'

function voice(msgId: string, text?: string): VoiceMessage {
  return {
    kind: 'voice',
    id: 1,
    msgId,
    msgType: 1002,
    sendTime: 0,
    sender: { nickname: 'Teacher' },
    url: `https://media.example/${msgId}.mp3`,
    duration: 10,
    voiceId: msgId,
    ...(text === undefined ? {} : { text }),
  }
}

describe('revealTranscript', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('goes converting, then finished after TRANSCRIPT_REVEAL_MS', () => {
    const transcripts = new Map<string, TranscriptState>()
    revealTranscript(transcripts, voice('v1', 'hello'))
    expect(transcripts.get('v1')).toBe('converting')
    jest.advanceTimersByTime(TRANSCRIPT_REVEAL_MS - 1)
    expect(transcripts.get('v1')).toBe('converting')
    jest.advanceTimersByTime(1)
    expect(transcripts.get('v1')).toBe('finished')
  })

  it('leaves alone a voice without text, and no voice at all', () => {
    const transcripts = new Map<string, TranscriptState>()
    revealTranscript(transcripts, voice('v1'))
    revealTranscript(transcripts, voice('v2', ''))
    revealTranscript(transcripts, undefined)
    jest.advanceTimersByTime(TRANSCRIPT_REVEAL_MS)
    expect(transcripts.size).toBe(0)
  })

  it('converts each voice once: a finished transcript does not go back to converting', () => {
    const transcripts = new Map<string, TranscriptState>()
    revealTranscript(transcripts, voice('v1', 'hello'))
    jest.advanceTimersByTime(TRANSCRIPT_REVEAL_MS)
    revealTranscript(transcripts, voice('v1', 'hello'))
    expect(transcripts.get('v1')).toBe('finished')
  })
})
