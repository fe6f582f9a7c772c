/** The audio panel, bundled with the page (the mini-program's variant; audioPanelPart.h5.tsx loads it on demand). */
export { AudioPanel } from './AudioPanel'
