import { recordToasts } from '../toasts'
import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { filePlatform } from '../../../src/platform/file'
import { $, mountMessage, textOf, wire } from './support'

const file = (fileName: string, fileExtension: string, fileLength: number) =>
  wire(1014, { fileName, fileExtension, fileLength, url: `https://files.example.com/${fileName}`, msgId: 'f1' })

describe('FileCell', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => {
    utils.unmout()
    jest.restoreAllMocks()
  })

  it('shows name, extension badge and the size label of spec 000 §5', async () => {
    await mountMessage(utils, [file('a.txt', 'txt', 512), file('Slides.pptx', 'pptx', 1536), file('talk.mp3', 'mp3', 3 * 1024 * 1024)])
    const cells = Array.from(document.querySelectorAll('.cell-file'))
    expect(cells.map((c) => c.querySelector('.cell-card__desc')?.textContent)).toEqual(['512B', '1.5K', '3M'])
    expect(cells[1].querySelector('.cell-card__title')?.textContent).toBe('Slides.pptx')
    expect(cells[1].querySelector('.cell-file__ext')?.textContent).toBe('PPTX')
    expect(cells[1].querySelector('.cell-file__badge--ppt')).not.toBeNull()
    expect(cells[2].querySelector('.cell-file__badge--audio')).not.toBeNull()
  })

  it('opens mp3 in the audio player page and m4a in the native-audio one', async () => {
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' })
    await mountMessage(utils, [file('talk.mp3', 'mp3', 10), file('memo.m4a', 'm4a', 10)])
    const [mp3, m4a] = Array.from(document.querySelectorAll('.cell-file'))
    utils.fireEvent.click(mp3)
    utils.fireEvent.click(m4a)
    const urls = navigate.mock.calls.map(([options]) => options.url)
    expect(urls[0]).toBe(
      `/packages/misc/pages/audioPlayer/index?name=talk.mp3&url=${encodeURIComponent('https://files.example.com/talk.mp3')}&fileExtension=mp3`,
    )
    expect(urls[1]).toMatch(/^\/packages\/misc\/pages\/m4aPlayer\/index\?name=memo\.m4a&/)
  })

  it('says "please open in the app" where files cannot open (mini-program)', async () => {
    jest.spyOn(filePlatform, 'openFile').mockReturnValue('openInApp')
    const toasts = recordToasts()
    const navigate = jest.spyOn(Taro, 'navigateTo')
    await mountMessage(utils, file('talk.mp3', 'mp3', 10))
    utils.fireEvent.click($('.cell-file'))
    expect(toasts.texts()).toEqual(['请在App中打开'])
    toasts.stop()
    expect(navigate).not.toHaveBeenCalled()
  })

  it('hands other files to the platform with their name and extension', async () => {
    const openFile = jest.spyOn(filePlatform, 'openFile').mockReturnValue('opened')
    await mountMessage(utils, file('Report.PDF', '', 10))
    utils.fireEvent.click($('.cell-file'))
    expect(openFile).toHaveBeenCalledWith({ url: 'https://files.example.com/Report.PDF', fileName: 'Report.PDF', fileExtension: 'pdf' })
    expect(textOf('.cell-file__ext')).toBe('PDF')
  })
})
