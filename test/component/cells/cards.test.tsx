import { recordToasts } from '../toasts'
import TestUtils from '@tarojs/test-utils-react'
import { filePlatform } from '../../../src/platform/file'
import { $, HOSTILE, mountMessage, textOf, wire } from './support'

describe('simple cells', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => {
    utils.unmout()
    jest.restoreAllMocks()
  })

  it('contact card: avatar, name and label', async () => {
    await mountMessage(utils, wire(1005, { name: 'Wang Wu', avatar: 'https://cdn.example.com/w.png', userId: 'wm_1' }))
    expect(textOf('.cell-contact .cell-card__title')).toBe('Wang Wu')
    expect(textOf('.cell-contact .cell-card__footer')).toBe('个人名片')
    expect($('.cell-contact .cell-card__icon').getAttribute('src')).toBe('https://cdn.example.com/w.png?x-oss-process=image/resize,m_fill,w_80,h_100')
  })

  it('location: title over address; coordinates when there is neither', async () => {
    await mountMessage(utils, [
      wire(1006, { title: 'Library', address: '1 Main St', lat: 31.2, lng: 121.5 }),
      wire(1006, { lat: 31.2, lng: 121.5 }),
    ])
    const [named, bare] = Array.from(document.querySelectorAll('.cell-location'))
    expect(named.querySelector('.cell-card__title')?.textContent).toBe('Library')
    expect(named.querySelector('.cell-card__desc')?.textContent).toBe('1 Main St')
    expect(bare.querySelector('.cell-card__title')?.textContent).toBe('31.20000, 121.50000')
  })

  it('sign-in, complaint and native hello show their text or a default', async () => {
    await mountMessage(utils, [wire(1007, {}), wire(1012, { text: 'Spam link' }), wire(99999, {})])
    expect(textOf('.cell-sign-in')).toBe('已签到')
    expect(textOf('.cell-complaint .cell-card__title')).toBe('Spam link')
    expect(textOf('.cell-hello')).toBe('打了个招呼')
  })

  it('group invite: group name and avatar', async () => {
    await mountMessage(utils, wire(1013, { groupName: 'Study group', avatar: 'https://cdn.example.com/g.png', data: 'inv-1' }))
    expect(textOf('.cell-group-invite .cell-card__desc')).toBe('Study group')
    expect($('.cell-group-invite .cell-card__icon').getAttribute('src')).toBe('https://cdn.example.com/g.png?x-oss-process=image/resize,m_fill,w_80,h_100')
  })

  it('notification 2000 is a centred notice; 2001 shows nothing', async () => {
    await mountMessage(utils, [wire(2000, { text: 'Li joined' }), wire(2001, { text: 'secret' })])
    expect(textOf('.cell-notice')).toBe('Li joined')
    expect(document.body.textContent).not.toContain('secret')
  })

  it('an unknown type shows the bracketed placeholder', async () => {
    await mountMessage(utils, [wire(4242, { content: 'x' }), wire(1001, { width: 1 })])
    const placeholders = Array.from(document.querySelectorAll('.bubble__placeholder')).map((e) => e.textContent)
    expect(placeholders).toEqual(['[暂不支持查看此消息]', '[图片]'])
  })

  it('renders hostile names, titles and URLs as text in every card (XSS)', async () => {
    await mountMessage(utils, [
      wire(1005, { name: HOSTILE }),
      wire(1006, { title: HOSTILE, address: HOSTILE }),
      wire(1007, { text: HOSTILE }),
      wire(1009, { title: HOSTILE, url: `https://example.com/?q=${HOSTILE}` }),
      wire(1012, { text: HOSTILE }),
      wire(1013, { groupName: HOSTILE }),
      wire(1014, { fileName: HOSTILE, fileExtension: 'pdf', fileLength: 1, url: 'https://f.example.com/a.pdf' }),
      wire(2000, { text: HOSTILE }),
      wire(99999, { text: HOSTILE }),
    ])
    expect(document.querySelectorAll('img[src="x"]')).toHaveLength(0)
    // eleven places show it: location and web link each show it twice
    expect((document.body.textContent ?? '').split(HOSTILE).length - 1).toBe(11)
  })
})

describe('LinkCell (web 1009, chat record 1011)', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => {
    utils.unmout()
    jest.restoreAllMocks()
  })

  it('shows title, address and icon, and opens the address on tap', async () => {
    const openLink = jest.spyOn(filePlatform, 'openLink').mockReturnValue('opened')
    await mountMessage(utils, wire(1009, { title: 'Course notes', icon: 'https://cdn.example.com/i.png', url: 'https://notes.example.com/a' }))
    expect(textOf('.cell-link--web .cell-card__title')).toBe('Course notes')
    expect(textOf('.cell-link--web .cell-card__desc')).toBe('https://notes.example.com/a')
    expect(textOf('.cell-link--web .cell-card__footer')).toBe('网页链接')
    utils.fireEvent.click($('.cell-link'))
    expect(openLink).toHaveBeenCalledWith('https://notes.example.com/a')
  })

  it('says the link was copied where it cannot be opened (mini-program)', async () => {
    jest.spyOn(filePlatform, 'openLink').mockReturnValue('copied')
    const toasts = recordToasts()
    await mountMessage(utils, wire(1011, { title: 'Chat of 2 April', url: 'https://records.example.com/1' }))
    expect(textOf('.cell-link--chatRecord .cell-card__footer')).toBe('聊天记录')
    utils.fireEvent.click($('.cell-link'))
    expect(toasts.texts()).toEqual(['链接已复制，请在浏览器中打开'])
    toasts.stop()
  })

  it('never lets a javascript: link through: the message is a placeholder', async () => {
    await mountMessage(utils, wire(1009, { title: 'Click', url: 'javascript:alert(1)' }))
    expect(document.querySelector('.cell-link')).toBeNull()
    expect(textOf('.bubble__placeholder')).toBe('[网页]')
  })
})

describe('platform/file on H5', () => {
  afterEach(() => jest.restoreAllMocks())

  it('opens only http(s) links, in a new tab that cannot reach back', () => {
    const tab = { opener: window } as unknown as Window
    const open = jest.spyOn(window, 'open').mockReturnValue(tab)
    expect(filePlatform.openLink('https://notes.example.com/a')).toBe('opened')
    expect(open).toHaveBeenCalledWith('https://notes.example.com/a', '_blank')
    expect(tab.opener).toBeNull()
    expect(filePlatform.openLink('javascript:alert(1)')).toBe('refused')
    expect(filePlatform.openLink('data:text/html,<b>')).toBe('refused')
    expect(filePlatform.openLink('/relative')).toBe('refused')
    expect(open).toHaveBeenCalledTimes(1)
  })

  it('goes there in the page itself where the new tab is blocked', () => {
    jest.spyOn(window, 'open').mockReturnValue(null)
    // jsdom navigates for real only within the page (a hash change), so the link points here
    const here = `${window.location.origin}/#opened-in-place`
    expect(filePlatform.openLink(here)).toBe('opened')
    expect(window.location.href).toBe(here)
  })

  it('opens office files in the online viewer on Android only', () => {
    const open = jest.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window)
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    const userAgent = jest.spyOn(window.navigator, 'userAgent', 'get')
    const doc = { url: 'https://f.example.com/plan.docx', fileName: 'plan.docx', fileExtension: 'docx' }
    userAgent.mockReturnValue('Mozilla/5.0 (Linux; Android 13; Pixel 7) Mobile')
    expect(filePlatform.openFile(doc)).toBe('opened')
    expect(open).toHaveBeenCalledWith(`https://view.officeapps.live.com/op/view.aspx?src=${encodeURIComponent(doc.url)}`, '_blank')
    expect(click).not.toHaveBeenCalled()
    userAgent.mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile')
    expect(filePlatform.openFile(doc)).toBe('opened')
    expect(open).toHaveBeenCalledTimes(1)
    expect(click).toHaveBeenCalledTimes(1)
  })

  it('sends audio files to the audio player and downloads the rest under their name', () => {
    const clicks: HTMLAnchorElement[] = []
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this)
    })
    expect(filePlatform.openFile({ url: 'https://f.example.com/a.mp3', fileName: 'a.mp3', fileExtension: 'mp3' })).toBe('audioPlayer')
    expect(clicks).toHaveLength(0)
    expect(filePlatform.openFile({ url: 'https://f.example.com/b.pdf', fileName: 'Notes.pdf', fileExtension: 'pdf' })).toBe('opened')
    expect(clicks).toHaveLength(1)
    expect(clicks[0].href).toBe('https://f.example.com/b.pdf')
    expect(clicks[0].download).toBe('Notes.pdf')
    expect(filePlatform.openFile({ url: 'javascript:alert(1)', fileName: 'x.pdf', fileExtension: 'pdf' })).toBe('refused')
    expect(clicks).toHaveLength(1)
  })
})
