/** The audio player pages of a file message (misc package): /m4aPlayer and /audioPlayer. */
export { AudioPlayerScreen, M4aPlayerScreen } from './AudioFileScreens'
export { audioFileFromParams } from './audioFile'
