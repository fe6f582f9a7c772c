/** The system clipboard (spec 001 §1 test page: copy and paste). Both reject when the platform refuses. */
export interface ClipboardPlatform {
  copy(text: string): Promise<void>
  /** the clipboard's text ('' when it holds none) */
  paste(): Promise<string>
}
