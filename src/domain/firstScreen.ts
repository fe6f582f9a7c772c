/**
 * The lesson page's first screen (issue 16) between the build and the server. The build keeps,
 * from the lesson page's stylesheets, the rules that style only these classes and elements (the
 * ones server/lesson/firstScreen.ts writes), and puts them in FIRST_SCREEN_MANIFEST; the server
 * inlines them in the shell it sends, so the first screen waits for none of the page's stylesheets.
 */
export const FIRST_SCREEN_MANIFEST = 'first-screen.json'

/** The element of the H5 shell holding the first screen until the app removes it (src/platform/firstScreen). */
export const FIRST_SCREEN_ID = 'first-screen'

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
  'taro-img__mode-aspectfill',
  'taro-img__mode-aspectfill--height',
]

export const FIRST_SCREEN_ELEMENTS: readonly string[] = ['taro-view-core', 'taro-text-core', 'taro-image-core', 'img']
