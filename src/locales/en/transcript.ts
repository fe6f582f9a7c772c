import type { Catalog } from './catalog'
import type zh from '../zh-CN/transcript'

export default {
  'transcript.estimated': 'Sentence times are estimated from the text length and may be a little off',
  'transcript.timed': 'Sentence times come from speech recognition',
  'transcript.noLesson': 'Open a lesson first to see its transcript',
  'transcript.empty': 'No voice of this lesson has text yet',
  'transcript.noText': 'This voice has no text',
  'transcript.sentence': 'Play from {time}: {text}',
  'transcript.current': 'Now playing: {text}',
  'transcript.voice': 'Voice from {name}, {seconds} s',
  'transcript.more': 'Load more voices',
} satisfies Catalog<typeof zh>
