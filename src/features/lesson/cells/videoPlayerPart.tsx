/** The video player, bundled with the page (the mini-program's variant; videoPlayerPart.h5.tsx loads it on demand). */
export { VideoPlayer } from './VideoPlayer'
