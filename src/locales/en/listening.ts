import type { Catalog } from './catalog'
import type zh from '../zh-CN/listening'

export default {
  'listening.sleep.button': 'Sleep timer',
  'listening.sleep.buttonActive': 'Sleep timer: {note}',
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
} satisfies Catalog<typeof zh>
