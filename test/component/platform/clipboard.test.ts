/**
 * The H5 clipboard (src/platform/clipboard/index.h5.ts) on the browser's clipboard API and
 * execCommand, both faked here (the platform edge; jsdom has neither).
 */
import { clipboard } from '../../../src/platform/clipboard'
import { recordToasts } from '../toasts'

function fakeSystemClipboard(api: Partial<Clipboard> | undefined): void {
  Object.defineProperty(navigator, 'clipboard', { value: api, configurable: true })
}

function fakeExecCommand(result: boolean): jest.Mock {
  const exec = jest.fn((command: string) => command === 'copy' && result)
  Object.defineProperty(document, 'execCommand', { value: exec, configurable: true })
  return exec
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard')
  Reflect.deleteProperty(document, 'execCommand')
})

describe('H5 clipboard', () => {
  it('copies through the clipboard API and says so', async () => {
    const writeText = jest.fn(() => Promise.resolve())
    fakeSystemClipboard({ writeText })
    const toasts = recordToasts()
    await clipboard.copy('abc')
    expect(writeText).toHaveBeenCalledWith('abc')
    expect(toasts.texts()).toEqual(['复制成功'])
    toasts.stop()
  })

  it('falls back to a selected textarea when the API refuses, and leaves nothing behind', async () => {
    fakeSystemClipboard({ writeText: () => Promise.reject(new Error('denied')) })
    const exec = fakeExecCommand(true)
    await clipboard.copy('abc')
    expect(exec).toHaveBeenCalledWith('copy')
    expect(document.querySelector('textarea')).toBeNull()
  })

  it('rejects when both ways refuse, without a success toast', async () => {
    fakeSystemClipboard(undefined)
    fakeExecCommand(false)
    const toasts = recordToasts()
    await expect(clipboard.copy('abc')).rejects.toThrow()
    expect(toasts.texts()).toEqual([])
    toasts.stop()
  })

  it('pastes from the clipboard API, and without it what this site copied last', async () => {
    fakeSystemClipboard({ readText: () => Promise.resolve('from system') })
    await expect(clipboard.paste()).resolves.toBe('from system')
    fakeSystemClipboard(undefined)
    fakeExecCommand(true)
    await clipboard.copy('copied here')
    await expect(clipboard.paste()).resolves.toBe('copied here')
  })
})
