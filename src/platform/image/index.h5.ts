import type { ImagePlatform } from './types'

/**
 * A web page cannot write to the photo album: the picture goes to the browser as a download
 * (same-origin) or opens in a new tab where the system's own long-press save works.
 */
export const imagePlatform: ImagePlatform = {
  nativePreview: null,
  async saveImage(url) {
    const link = document.createElement('a')
    link.href = url
    link.download = ''
    link.target = '_blank'
    link.rel = 'noopener noreferrer'
    document.body.appendChild(link)
    link.click()
    document.body.removeChild(link)
    return 'downloaded'
  },
}
