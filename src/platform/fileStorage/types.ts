/** A file the app keeps on the device: where it is and how much it takes. */
export interface KeptFile {
  path: string
  bytes: number
}

/**
 * The app's own file storage for downloaded lessons (issue 35 item 5; docs/ARCHITECTURE.md
 * "Platform"): the mini-program's user data directory (Taro.downloadFile, then the file system
 * manager's saveFile). H5 keeps no files: `supported` is false there and the screens say so.
 */
export interface FileStorage {
  readonly supported: boolean
  /** Downloads `url` into the app's storage; `progress` hears bytes received of the expected total. */
  save(url: string, progress: (received: number, total: number) => void): Promise<KeptFile>
  /** Writes `text` to a file of the app's storage named `name` (letters, digits, '-', '_', '.'). */
  writeText(name: string, text: string): Promise<KeptFile>
  readText(path: string): Promise<string>
  /** Removes a kept file; one already gone is no error. */
  remove(path: string): Promise<void>
}
