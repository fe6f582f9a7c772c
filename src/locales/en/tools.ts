import type { Catalog } from './catalog'
import type zh from '../zh-CN/tools'

export default {
  'speech.start': 'Start',
  'speech.stop': 'Stop',
  'speech.hint': 'Tap start and speak Mandarin; a 5-second pause or another tap ends it',
  'speech.connecting': 'Connecting…',
  'speech.listening': 'Listening…',
  'speech.finishing': 'Recognising the last words…',
  'speech.result': 'Transcript',
  'speech.empty': 'Nothing recognised yet',
  'speech.unsupported': 'This browser cannot record audio or open a WebSocket, so speech recognition is unavailable',
  'speech.failed': 'Speech recognition failed',
  'speech.closed': 'The connection closed',
  'speech.microphone': 'The microphone cannot be used: {detail}',
  'speech.service': 'The recognition service failed ({code}): {message}',
} satisfies Catalog<typeof zh>
