import type TestUtils from '@tarojs/test-utils-react'
import { act, type FunctionComponent } from 'react'

/**
 * Waits `ms` inside React's act: the promise callbacks and timers that run meanwhile, and the React
 * updates they cause, are flushed before the test looks at the screen.
 */
export function settle(ms = 0): Promise<void> {
  return act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))
}

/** Polls, letting updates run inside act, until the assertion passes (or rethrows its last failure after `timeoutMs`). */
export async function until(assertion: () => void, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      assertion()
      return
    } catch (err) {
      if (Date.now() > deadline) throw err
      await settle(10)
    }
  }
}

/**
 * TestUtils.mount inside act. It renders, then waits a frame for Taro's custom elements; what the
 * screen's effects start meanwhile (a store answering from a fake backend) is flushed with it.
 */
export function mount<P extends object>(utils: TestUtils, ui: FunctionComponent<P>, props: P): Promise<void> {
  return act(() => utils.mount(ui, { props }))
}

/** Waits a frame inside act: Taro's components (Stencil custom elements) render and load on it. */
export function nextFrame(): Promise<void> {
  return act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())))
}

/**
 * Fake timers for a test that drives a clock (countdowns, long presses). Frames stay real: Taro's
 * components render on them, and a frame still faked when the real timers return would never come,
 * so nothing in the file would render again.
 */
export function fakeClock(): void {
  jest.useFakeTimers({ doNotFake: ['requestAnimationFrame', 'cancelAnimationFrame'] })
}
