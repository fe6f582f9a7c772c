/** Leaving the app for a web page (the sticker guide's WeChat authorization page). */
export interface LinkPlatform {
  /**
   * H5: the browser goes to `url` ('opened'); a path (`/…`) is one of the page's own origin. The mini-program cannot open an outside web page, so
   * the link is copied for the user to open in WeChat ('copied'; the caller says so).
   */
  openWebPage(url: string): Promise<'opened' | 'copied' | 'failed'>
}
