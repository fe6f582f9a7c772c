import TestUtils from '@tarojs/test-utils-react'
import type { PictureListData } from '../../../types/lesson'
import { GalleryModel, type GalleryImage, type PictureLoader } from '../../../src/features/lesson/gallery/GalleryModel'
import { GalleryOverlay } from '../../../src/features/lesson/gallery/GalleryOverlay'
import { $ } from './support'
import { mount } from '../act'

const pic = (id: number): GalleryImage => ({ id, url: `https://cdn.example.com/${id}.png` })

/** A picture list of `total` pictures sent 1000 ms apart, served 40 per page like the server. */
function pictureList(total: number, pageSize = 40): jest.MockedFunction<PictureLoader> {
  return jest.fn(async (after: number): Promise<PictureListData> => {
    const all = Array.from({ length: total }, (_, i) => ({ ...pic(i + 1), sendTime: (i + 1) * 1000 }))
    const page = all.filter((p) => p.sendTime > after).slice(0, pageSize)
    const last = page[page.length - 1]
    return {
      msgTimestamp: last ? last.sendTime : after,
      picArray: page.map(({ id, url }) => ({ id, url })),
      isNextData: last && last.sendTime < total * 1000 ? 1 : 0,
    }
  })
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

const remote = (loader: PictureLoader | null, loaded: GalleryImage[] = []) => ({
  pictures: () => loader,
  loadedImages: () => loaded,
})

describe('GalleryModel', () => {
  it('pages the picture list from msgTimestamp 0 until the tapped picture and opens there', async () => {
    const loader = pictureList(100)
    const model = new GalleryModel(remote(loader), null)
    await model.open(pic(55))
    expect(loader.mock.calls.map(([after]) => after)).toEqual([0, 40000])
    expect(model.visible).toBe(true)
    expect(model.images).toHaveLength(80)
    expect(model.images[model.current]).toEqual(pic(55))
    expect(model.hasMore).toBe(true)
  })

  it('loads the next page as the user nears the end, then stops', async () => {
    const loader = pictureList(50)
    const model = new GalleryModel(remote(loader), null)
    await model.open(pic(1))
    expect(model.images).toHaveLength(40)
    model.setCurrent(10)
    expect(loader).toHaveBeenCalledTimes(1)
    model.setCurrent(37)
    await flush()
    expect(loader).toHaveBeenCalledTimes(2)
    expect(loader).toHaveBeenLastCalledWith(40000)
    expect(model.images).toHaveLength(50)
    expect(model.hasMore).toBe(false)
    model.setCurrent(49)
    await flush()
    expect(loader).toHaveBeenCalledTimes(2)
  })

  it('stops on a page that does not move the cursor (no endless asking)', async () => {
    const stuck = jest.fn(async () => ({ msgTimestamp: 0, picArray: [pic(1)], isNextData: 1 as const }))
    const model = new GalleryModel(remote(stuck), null)
    await model.open(pic(9))
    expect(stuck).toHaveBeenCalledTimes(1)
    expect(model.images).toEqual([pic(9)])
    expect(model.hasMore).toBe(false)
  })

  it('shows the tapped picture alone when the list fails', async () => {
    const model = new GalleryModel(remote(jest.fn().mockRejectedValue(new Error('offline'))), null)
    await model.open(pic(3))
    expect(model.visible).toBe(true)
    expect(model.images).toEqual([pic(3)])
    expect(model.hasMore).toBe(false)
  })

  it('drops unsafe picture URLs from the list', async () => {
    const loader = jest.fn(async () => ({
      msgTimestamp: 5,
      picArray: [{ id: 1, url: 'javascript:alert(1)' }, pic(2)],
      isNextData: 0 as const,
    }))
    const model = new GalleryModel(remote(loader), null)
    await model.open(pic(2))
    expect(model.images).toEqual([pic(2)])
  })

  it('uses the loaded images of an old link, which has no picture call', async () => {
    const model = new GalleryModel(remote(null, [pic(1), pic(2), pic(3)]), null)
    await model.open(pic(2))
    expect(model.images).toHaveLength(3)
    expect(model.current).toBe(1)
    expect(model.hasMore).toBe(false)
  })

  it('hands the whole list to a native viewer instead of showing the overlay', async () => {
    const preview = jest.fn<void, [readonly string[], string]>()
    const loader = pictureList(90)
    const model = new GalleryModel(remote(loader), preview)
    await model.open(pic(2))
    expect(loader).toHaveBeenCalledTimes(3)
    expect(model.visible).toBe(false)
    const [urls, current] = preview.mock.calls[0]
    expect(urls).toHaveLength(90)
    expect(current).toBe(pic(2).url)
  })

  it('drops the answer of an opening the user already closed', async () => {
    let answer: (data: PictureListData) => void = () => undefined
    const loader = jest.fn(() => new Promise<PictureListData>((resolve) => (answer = resolve)))
    const model = new GalleryModel(remote(loader), null)
    const opening = model.open(pic(1))
    model.close()
    answer({ msgTimestamp: 1, picArray: [pic(1)], isNextData: 0 })
    await opening
    expect(model.visible).toBe(false)
    expect(model.images).toEqual([])
  })
})

describe('GalleryOverlay', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => utils.unmout())

  it('shows every picture, then a "no more" end marker; a tap closes it', async () => {
    const model = new GalleryModel(remote(pictureList(3)), null)
    await model.open(pic(2))
    await mount(utils, GalleryOverlay, { model })
    const slides = Array.from(document.querySelectorAll('.gallery__slide'))
    expect(slides).toHaveLength(4)
    expect(slides[1].querySelector('taro-image-core')?.getAttribute('src')).toBe(pic(2).url)
    expect(textOf(slides[3])).toBe('没有更多了')
    utils.fireEvent.click(slides[1].querySelector('.gallery__slide-body') as Element)
    expect(document.querySelector('.gallery')).toBeNull()
  })

  it('has no end marker while more pictures may follow', async () => {
    const model = new GalleryModel(remote(pictureList(100)), null)
    await model.open(pic(1))
    await mount(utils, GalleryOverlay, { model })
    expect($('.gallery')).not.toBeNull()
    expect(document.querySelector('.gallery__slide--end')).toBeNull()
  })
})

function textOf(element: Element): string {
  return element.textContent ?? ''
}
