/** The lesson transcript that follows the voice (issue 35): a misc-package feature, reached only from its /transcript page. */
export { TranscriptScreen } from './TranscriptScreen'
