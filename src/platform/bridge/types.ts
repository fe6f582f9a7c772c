/**
 * The native app's script bridge (spec 000 §6, §7 "Native bridge calls": getUserInfo, openFileMsg,
 * openVideo, openImg, photoMenu). Inside the app's web view the page hands these to the app;
 * everywhere else the bridge is absent and the page does what it always does. The `open*` calls
 * answer whether the app took the request, so the caller falls back when it did not.
 */
export interface NativeUserInfo {
  userid: string
  /** the app's encrypted user data (spec 000 §6 "stored encrypted user data") */
  encryptData: string
  nickname: string
}

export interface NativeFile {
  url: string
  fileName: string
  fileExtension: string
  fileLength: number
}

export interface NativeBridge {
  /** whether the page runs inside the native app's web view */
  available(): boolean
  /** the app's signed-in user; null outside the app or when the app answers nothing usable */
  getUserInfo(): Promise<NativeUserInfo | null>
  openFileMsg(file: NativeFile): boolean
  openVideo(url: string): boolean
  /** the tapped image and the images around it, for the app's own viewer */
  openImg(url: string, urls: readonly string[]): boolean
  /** the image long-press menu (save, forward) */
  photoMenu(url: string): boolean
}
