/**
 * What the audio player needs from a message list (spec 000 §4 "Audio"): voice messages in list
 * order, so the end of one starts the next.
 */
import type { LessonMessage, VoiceMessage } from './types'

export interface VoiceTrack {
  /** position in the list given, to scroll the cell into view ("locate current playback") */
  index: number
  msgId: string
  url: string
  /** seconds; 0 when unknown */
  duration: number
  voiceId: string
}

export function isPlayableVoice(message: LessonMessage): message is VoiceMessage {
  return message.kind === 'voice' && message.url.length > 0
}

export function voiceMessages(list: readonly LessonMessage[]): VoiceTrack[] {
  const tracks: VoiceTrack[] = []
  list.forEach((message, index) => {
    if (isPlayableVoice(message)) {
      const { msgId, url, duration, voiceId } = message
      tracks.push({ index, msgId, url, duration, voiceId })
    }
  })
  return tracks
}
