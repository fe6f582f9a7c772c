/** The lesson player's UI: the panel, the lesson's playback extras, and the hooks voice cells use. */
export { BackgroundPlay, LessonAudio } from './LessonAudio'
export { SeekBar } from './AudioPanel'
export { usePlayer } from './usePlayer'
export { usePlayerNotice } from './usePlayerNotice'
export { voiceAnchorId, voiceBoxId } from './scroll'
export type { RevealVoice } from './scroll'
