import { lazyPart } from '../../ui/lazyPart'

/** The audio panel and Taro's Slider arrive in a chunk of their own when a voice of the page first plays. */
export const AudioPanel = lazyPart(() => import('./AudioPanel').then((m) => m.AudioPanel))
