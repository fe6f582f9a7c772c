/**
 * The H5 layout edge (src/platform/layout/index.h5.ts). The browser's frames are the platform edge:
 * a hidden page gets none, faked here by a requestAnimationFrame that never calls back.
 */
import { layout } from '../../../src/platform/layout'

afterEach(() => {
  jest.restoreAllMocks()
  jest.useRealTimers()
  document.body.innerHTML = ''
})

describe('H5 layout.rects', () => {
  it('answers the first match and every match of the second selector, after the frames', async () => {
    document.body.innerHTML = '<div id="list"></div><p class="row" id="r0"></p><p class="row" id="r1"></p>'
    const { one, all } = await layout.rects('#list', '.row')
    expect(one?.id).toBe('list')
    expect(all.map((rect) => rect.id)).toEqual(['r0', 'r1'])
  })

  it('answers null and no rows for what is not rendered', async () => {
    await expect(layout.rects('#nothing', '.none')).resolves.toEqual({ one: null, all: [] })
  })

  it('still answers on a page that gets no frames (the screen off), within 100 ms', async () => {
    jest.useFakeTimers()
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0)
    document.body.innerHTML = '<div id="voice"></div>'
    let answered = false
    const answer = layout.rects('#voice').then((rects) => {
      answered = true
      return rects
    })
    await jest.advanceTimersByTimeAsync(99)
    expect(answered).toBe(false)
    await jest.advanceTimersByTimeAsync(1)
    await expect(answer).resolves.toMatchObject({ one: { id: 'voice' } })
  })
})
