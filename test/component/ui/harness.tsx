/**
 * Renders kit components on Taro's H5 runtime with React's own `act` (TestUtils.mount and its
 * fireEvent go through the deprecated react-dom/test-utils act, which prints a warning), so every
 * state update a test causes is awaited and the output stays free of act() warnings.
 */
import { act, type ReactElement } from 'react'
import { createRoot } from 'react-dom/client'

export { until } from '../act'

export interface Rendered {
  rerender(ui: ReactElement): Promise<void>
  unmount(): Promise<void>
}

const mounted = new Set<Rendered>()

/** Taro's components are Stencil custom elements: they finish rendering on the next frame. */
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

export async function render(ui: ReactElement): Promise<Rendered> {
  const container = document.body.appendChild(document.createElement('div'))
  const root = createRoot(container)
  await act(async () => root.render(ui))
  await act(nextFrame)
  const rendered: Rendered = {
    async rerender(next) {
      await act(async () => root.render(next))
      await act(nextFrame)
    },
    async unmount() {
      mounted.delete(rendered)
      await act(async () => root.unmount())
      container.remove()
    },
  }
  mounted.add(rendered)
  return rendered
}

/** Unmounts whatever a test left mounted (call in afterEach). */
export async function cleanup(): Promise<void> {
  for (const rendered of [...mounted]) await rendered.unmount()
}

export function $(selector: string): HTMLElement {
  const el = document.querySelector<HTMLElement>(selector)
  if (!el) throw new Error(`nothing matches ${selector}`)
  return el
}

export function $$(selector: string): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>(selector))
}

export function text(selector: string): string {
  return $(selector).textContent?.trim() ?? ''
}

/** A tap, then whatever it starts settles (promise callbacks, React updates). */
export async function press(selector: string): Promise<void> {
  const el = $(selector)
  await act(async () => {
    el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
  })
}

export async function keyDown(selector: string, key: string): Promise<KeyboardEvent> {
  const el = $(selector)
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
  await act(async () => {
    el.dispatchEvent(event)
  })
  return event
}

/** Types into a Taro Input: the native input inside `taro-input-core`. */
export async function typeInto(selector: string, value: string): Promise<void> {
  const input = $(`${selector} input`) as HTMLInputElement
  await act(async () => {
    input.value = value
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

/** Runs queued promise callbacks and the React updates they cause; safe under fake timers. */
export async function flushPromises(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve()
  })
}

/** Lets pending promise callbacks and the React updates they cause run (real timers). */
export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise<void>((resolve) => setTimeout(resolve, 0))
  })
}

/** H5's Button (platform/components/basic.h5.ts) has the disabled attribute only when disabled. */
export function isDisabled(selector: string): boolean {
  return $(selector).hasAttribute('disabled')
}

/** A promise the test settles by hand. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void
  let reject!: (err: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}
