import type { LessonMessage, VoiceMessage } from '../../domain/message/types'
import { isPlayableVoice } from '../../domain/message/voice'
import type { PlayerMedia } from './types'

/** A lesson's message list as the player reads it: LessonStore plus what the player shows. */
export interface PlaylistSource {
  /** identifies the lesson in storage (its courseData or legacy data) */
  readonly key: string
  /** lesson title: BackgroundAudioManager's required title and the lock screen's */
  readonly title: string
  readonly coverImgUrl: string
  readonly messages: readonly LessonMessage[]
  readonly loadEnd: boolean
  loadMore(): Promise<void>
}

/** The loaded playable voice `msgId`. */
export function findVoice(list: PlaylistSource, msgId: string): VoiceMessage | undefined {
  return list.messages.find((m): m is VoiceMessage => isPlayableVoice(m) && m.msgId === msgId)
}

export function firstVoice(list: PlaylistSource): VoiceMessage | undefined {
  return list.messages.find(isPlayableVoice)
}

/** The loaded voice after `msgId`: none when `msgId` is not loaded or is the last loaded voice. */
export function voiceAfter(list: PlaylistSource, msgId: string): VoiceMessage | undefined {
  const voices = list.messages.filter(isPlayableVoice)
  const index = voices.findIndex((m) => m.msgId === msgId)
  return index === -1 ? undefined : voices[index + 1]
}

/** "Previous": the loaded voice before `msgId`; at the first voice, that one again. */
export function voiceBefore(list: PlaylistSource, msgId: string): VoiceMessage | undefined {
  const voices = list.messages.filter(isPlayableVoice)
  const index = voices.findIndex((m) => m.msgId === msgId)
  return index > 0 ? voices[index - 1] : voices[index]
}

/**
 * Loads pages of `list` until `pick` finds a voice, the list ends or `wanted` turns false. A page
 * that adds nothing (a failed load) stops the walk rather than asking again forever.
 */
async function loadUntil(
  list: PlaylistSource,
  pick: () => VoiceMessage | undefined,
  wanted: () => boolean,
): Promise<VoiceMessage | undefined> {
  let found = pick()
  while (!found && !list.loadEnd && wanted()) {
    const before = list.messages.length
    await list.loadMore()
    found = pick()
    if (list.messages.length === before) break
  }
  return found
}

/** The voice `msgId`, loading pages until it is there. */
export function loadVoice(list: PlaylistSource, msgId: string): Promise<VoiceMessage | undefined> {
  return loadUntil(list, () => findVoice(list, msgId), () => true)
}

/** The voice after `msgId`, loading pages while the loaded list has none and it is `wanted`. */
export function loadVoiceAfter(list: PlaylistSource, msgId: string, wanted: () => boolean): Promise<VoiceMessage | undefined> {
  return loadUntil(list, () => voiceAfter(list, msgId), wanted)
}

/** What the player plays for a voice of `list`: the lesson's title and cover, the sender as singer. */
export function voiceMedia(list: PlaylistSource, message: VoiceMessage): PlayerMedia {
  return {
    kind: 'voice',
    id: message.msgId,
    url: message.url,
    title: list.title,
    singer: message.sender.nickname,
    coverImgUrl: list.coverImgUrl || message.sender.faceIcon || '',
    duration: message.duration,
  }
}
