/**
 * The H5 feedback edge (src/platform/feedback/index.h5.ts): its own toast in a polite live region,
 * and Taro's dialog and menu, loaded on first use. Taro's H5 modal and action sheet are the
 * platform edge and are faked here.
 */
import Taro from '@tarojs/taro'
import { feedback } from '../../../src/platform/feedback'

const region = () => document.querySelector<HTMLElement>('[role="status"].platform-toast')

afterEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
})

describe('H5 toast', () => {
  it('shows the text in one polite live region and clears it after its duration', () => {
    jest.useFakeTimers()
    feedback.toast({ title: '复制成功', duration: 1000 })
    const el = region()
    expect(el?.textContent).toBe('复制成功')
    expect(el?.getAttribute('aria-live')).toBe('polite')
    expect(el?.classList.contains('platform-toast--shown')).toBe(true)
    jest.advanceTimersByTime(999)
    expect(el?.textContent).toBe('复制成功')
    jest.advanceTimersByTime(1)
    expect(el?.textContent).toBe('')
    expect(el?.classList.contains('platform-toast--shown')).toBe(false)
  })

  it('a second toast replaces the first in the same region, with its own full duration', () => {
    jest.useFakeTimers()
    feedback.toast({ title: 'first', duration: 1000 })
    jest.advanceTimersByTime(800)
    feedback.toast({ title: 'saved', icon: 'success' })
    expect(document.querySelectorAll('.platform-toast')).toHaveLength(1)
    expect(region()?.textContent).toBe('saved')
    expect(region()?.classList.contains('platform-toast--success')).toBe(true)
    jest.advanceTimersByTime(1000)
    expect(region()?.textContent).toBe('saved')
    jest.advanceTimersByTime(500)
    expect(region()?.textContent).toBe('')
  })

  it('a plain toast after a success toast has no tick', () => {
    feedback.toast({ title: 'saved', icon: 'success' })
    feedback.toast({ title: 'plain' })
    expect(region()?.classList.contains('platform-toast--success')).toBe(false)
  })
})

describe('H5 modal and action sheet', () => {
  it('modal resolves whether the user confirmed', async () => {
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValueOnce({ confirm: true, cancel: false, errMsg: 'ok' })
    await expect(feedback.modal({ title: 'Pay?', showCancel: false })).resolves.toBe(true)
    expect(modal).toHaveBeenCalledWith({ title: 'Pay?', showCancel: false })
    modal.mockResolvedValueOnce({ confirm: false, cancel: true, errMsg: 'ok' })
    await expect(feedback.modal({ title: 'Pay?' })).resolves.toBe(false)
  })

  it('action sheet resolves the chosen index, and -1 when dismissed', async () => {
    const sheet = jest.spyOn(Taro, 'showActionSheet').mockResolvedValueOnce({ tapIndex: 1, errMsg: 'ok' })
    await expect(feedback.actionSheet(['a', 'b'])).resolves.toBe(1)
    expect(sheet).toHaveBeenCalledWith({ itemList: ['a', 'b'] })
    sheet.mockRejectedValueOnce(new Error('showActionSheet:fail cancel'))
    await expect(feedback.actionSheet(['a'])).resolves.toBe(-1)
  })
})
