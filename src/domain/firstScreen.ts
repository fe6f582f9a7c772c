/**
 * The lesson page's first screen (issue 16) between the build and the server. The build keeps,
 * from the lesson page's stylesheets, the rules that style only these classes and elements (the
 * ones server/lesson/firstScreen.ts writes), and puts them in FIRST_SCREEN_MANIFEST; the server
 * inlines them in the shell it sends, so the first screen waits for none of the page's stylesheets.
 */
export const FIRST_SCREEN_MANIFEST = 'first-screen.json'

/** The element of the H5 shell holding the first screen until the app removes it (src/platform/firstScreen). */
export const FIRST_SCREEN_ID = 'first-screen'

/**
 * The attribute naming the voice (its msgId) of a first-screen voice bubble: the shell's tap script
 * (server/core/firstScreen.ts) keeps the last such bubble tapped before the app took over.
 */
export const FIRST_SCREEN_VOICE = 'data-first-voice'

/**
 * The global the tap script leaves for the app: the voice tapped on the first screen, not yet
 * played, and how to stop listening (src/platform/firstScreen hands it to the lesson page).
 */
export const FIRST_SCREEN_TAPS = '__firstScreenTaps'

export interface FirstScreenTaps {
  /** msgId of the voice tapped last, undefined when none is waiting (a second tap takes it back) */
  voice: string | undefined
  /** stops listening: the app's own cells take taps from now on */
  stop(): void
}

export interface FirstScreenManifest {
  /** CSS rules, minified as the build wrote them */
  style: string
}

export const FIRST_SCREEN_CLASSES: readonly string[] = [
  'lesson',
  'lesson--rail',
  'lesson__created',
  'lesson__list',
  'ui-paged-list',
  'ui-paged-list__items',
  'message-row',
  'message-row--notice',
  'message-row__notice',
  'message-row__avatar-box',
  'message-row__avatar',
  'message-row__avatar--blank',
  'message-row__main',
  'message-row__meta',
  'message-row__meta--compact',
  'message-row__nickname',
  'message-row__time',
  'cell-text',
  'bubble',
  'bubble--text',
  'bubble__text',
  'voice-cell-box',
  'bubble--voice',
  'voice-cell',
  'voice-cell--stopped',
  'voice-cell--loading',
  'voice-cell__icon',
  'voice-cell__wave',
  'voice-cell__wave--1',
  'voice-cell__wave--2',
  'voice-cell__wave--3',
  'voice-cell__duration',
  'taro-img__mode-aspectfill',
  'taro-img__mode-aspectfill--height',
]

export const FIRST_SCREEN_ELEMENTS: readonly string[] = ['taro-view-core', 'taro-text-core', 'taro-image-core', 'img']
