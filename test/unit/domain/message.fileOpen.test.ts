import { fileOpenAction, OFFICE_VIEWER_URL, onlineViewerUrl } from '../../../src/domain/message'

describe('fileOpenAction (spec 000 §9)', () => {
  it.each(['mp3', 'wav', 'm4a', '.MP3'])('plays %s in the audio player on every device', (ext) => {
    expect(fileOpenAction(ext, true)).toBe('audioPlayer')
    expect(fileOpenAction(ext, false)).toBe('audioPlayer')
  })

  it.each(['ppt', 'pptx', 'doc', 'docx', 'xls', 'xlsx', 'txt', 'DOCX'])('opens %s in the online viewer on Android only', (ext) => {
    expect(fileOpenAction(ext, true)).toBe('onlineViewer')
    expect(fileOpenAction(ext, false)).toBe('download')
  })

  it.each(['pdf', 'zip', 'mp4', 'aac', ''])('downloads %j', (ext) => {
    expect(fileOpenAction(ext, true)).toBe('download')
    expect(fileOpenAction(ext, false)).toBe('download')
  })
})

describe('onlineViewerUrl', () => {
  it('hands Office documents to the Office viewer with the URL encoded as one parameter', () => {
    const url = 'https://files.example.com/a b.docx?sig=1&x=2'
    const viewer = onlineViewerUrl(url, 'docx')
    expect(viewer.startsWith(OFFICE_VIEWER_URL)).toBe(true)
    expect(decodeURIComponent(viewer.slice(OFFICE_VIEWER_URL.length))).toBe(url)
    expect(viewer.slice(OFFICE_VIEWER_URL.length)).not.toContain('&')
  })

  it('lets the browser show a text file itself', () => {
    expect(onlineViewerUrl('https://files.example.com/notes.txt', '.TXT')).toBe('https://files.example.com/notes.txt')
  })
})
