/** What a tap on a file message led to; the cell acts on the first two. */
export type FileOpenOutcome =
  /** the mini-program opens no files: the cell says "please open in the app" (spec 000 §8) */
  | 'openInApp'
  /** mp3, wav, m4a: the cell navigates to the app's audio player page */
  | 'audioPlayer'
  /** handed to the browser (online viewer or download) */
  | 'opened'
  /** not an http(s) address: nothing happens */
  | 'refused'

export interface FileTarget {
  url: string
  fileName: string
  /** lower case, no dot */
  fileExtension: string
}

/** Opening files and links outside the app (spec 000 §9 file types, §2 web and chat record). */
export interface FilePlatform {
  openFile(file: FileTarget): FileOpenOutcome
  /**
   * Opens an http(s) page: the browser navigates there; the mini-program, which cannot show
   * arbitrary sites, copies the address instead. Anything but http(s) is refused.
   */
  openLink(url: string): 'opened' | 'copied' | 'refused'
}
