import { runInAction } from 'mobx'
import type { VoiceMessage } from '../../domain/message/types'

/**
 * The transcript arrives with the voice payload; "converting" stays visible this long so the
 * spec's converting -> finished steps can be seen rather than flashing past.
 */
export const TRANSCRIPT_REVEAL_MS = 400
export type TranscriptState = 'converting' | 'finished'

/**
 * Spec 000 §4 "voice to text": `message` goes converting, then finished after
 * TRANSCRIPT_REVEAL_MS. Only a voice that carries text, and each voice once.
 */
export function revealTranscript(transcripts: Map<string, TranscriptState>, message: VoiceMessage | undefined): void {
  if (!message?.text || transcripts.has(message.msgId)) return
  const { msgId } = message
  transcripts.set(msgId, 'converting')
  setTimeout(() => runInAction(() => transcripts.set(msgId, 'finished')), TRANSCRIPT_REVEAL_MS)
}
