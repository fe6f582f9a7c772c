/** Showing and saving a lesson's pictures (spec 000 §2 "image preview gallery", §9 long-press save). */
export interface ImagePlatform {
  /**
   * The system image viewer, where it beats the app's own gallery (the mini-program's
   * `previewImage`: pinch zoom, its own save menu); null where the app's swiper gallery is used.
   */
  readonly nativePreview: ((urls: readonly string[], current: string) => void) | null
  /**
   * Saves a picture to the album ('saved', mini-program) or hands it to the browser
   * ('downloaded', which shows its own progress). Rejects when saving failed.
   */
  saveImage(url: string): Promise<'saved' | 'downloaded'>
}
