import { fileOpenAction, onlineViewerUrl } from '../../domain/message/file'
import type { FilePlatform } from './types'
import { isHttpUrl } from './http'

function isAndroid(): boolean {
  return typeof navigator !== 'undefined' && /Android/i.test(navigator.userAgent)
}

/**
 * A new tab keeps the lesson (and its playing audio) open behind the page; where pop-ups are
 * blocked the page itself goes there.
 */
function openOutside(url: string): void {
  const opened = window.open(url, '_blank')
  if (opened) opened.opener = null
  else window.location.assign(url)
}

/** Same-origin files download under their own name; other origins open (the browser decides). */
function download(url: string, fileName: string): void {
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener noreferrer'
  document.body.appendChild(link)
  link.click()
  document.body.removeChild(link)
}

export const filePlatform: FilePlatform = {
  openFile({ url, fileName, fileExtension }) {
    if (!isHttpUrl(url)) return 'refused'
    switch (fileOpenAction(fileExtension, isAndroid())) {
      case 'audioPlayer':
        return 'audioPlayer'
      case 'onlineViewer':
        openOutside(onlineViewerUrl(url, fileExtension))
        return 'opened'
      case 'download':
        download(url, fileName)
        return 'opened'
    }
  },
  openLink(url) {
    if (!isHttpUrl(url)) return 'refused'
    openOutside(url)
    return 'opened'
  },
}
