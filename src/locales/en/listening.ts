import type { Catalog } from './catalog'
import type zh from '../zh-CN/listening'

export default {
  'listening.sleep.button': 'Sleep timer',
  'listening.sleep.buttonActive': 'Sleep timer: {note}',
  'listening.sleep.title': 'Sleep timer',
  'listening.sleep.minutes': '{minutes} minutes',
  'listening.sleep.endOfVoice': 'End of this voice',
  'listening.sleep.endOfLesson': 'End of the lesson',
  'listening.sleep.off': 'Off',
  'listening.sleep.short.endOfVoice': 'After voice',
  'listening.sleep.short.endOfLesson': 'After lesson',
  'listening.sleep.note.minutes': 'Stops in {minutes} min',
  'listening.sleep.note.endOfVoice': 'Stops after this voice',
  'listening.sleep.note.endOfLesson': 'Stops at the end of the lesson',
  'listening.transcript.open': 'Transcript',
  'listening.transcript.openLabel': 'Open the lesson transcript',
  'listening.transcript.estimated': 'Sentence times are estimated from the text length and may be a little off',
  'listening.transcript.timed': 'Sentence times come from speech recognition',
  'listening.transcript.noLesson': 'Open a lesson first to see its transcript',
  'listening.transcript.empty': 'No voice of this lesson has text yet',
  'listening.transcript.noText': 'This voice has no text',
  'listening.transcript.sentence': 'Play from {time}: {text}',
  'listening.transcript.current': 'Now playing: {text}',
  'listening.transcript.voice': 'Voice from {name}, {seconds} s',
  'listening.transcript.more': 'Load more voices',
} satisfies Catalog<typeof zh>
