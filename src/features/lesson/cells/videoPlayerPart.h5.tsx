import { lazyPart } from '../../../ui/lazyPart'

/** Taro's Video component arrives in a chunk of its own when a video is first played. */
export const VideoPlayer = lazyPart(() => import('./VideoPlayer').then((m) => m.VideoPlayer))
