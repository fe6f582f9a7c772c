/**
 * H5's View, Text, Image and Button without Stencil (src/platform/components/basic.h5.ts): the tags,
 * attributes and classes Taro's Stencil components render, which the stylesheets address, and what
 * the components do. The browser's IntersectionObserver is the platform edge and is faked here
 * (jsdom has none).
 */
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { ReactElement } from 'react'
import { Button, Image, Text, View } from '../../../src/platform/components/basic'

let host: HTMLElement
let root: Root

function render(ui: ReactElement): void {
  act(() => root.render(ui))
}

beforeEach(() => {
  host = document.createElement('div')
  document.body.appendChild(host)
  root = createRoot(host)
})

afterEach(() => {
  act(() => root.unmount())
  host.remove()
  jest.useRealTimers()
  Reflect.deleteProperty(window, 'IntersectionObserver')
})

const el = (selector: string) => host.querySelector(selector) as HTMLElement

describe('View', () => {
  it('renders taro-view-core with its class, ARIA, data attributes and handlers; never a custom element', () => {
    const onClick = jest.fn()
    // as pressable() hands it (ViewProps has no tabindex)
    const focusable = { tabindex: 0 }
    render(
      <View className='row' id='r1' role='button' {...focusable} aria-pressed={false} data-msg-id='m1' onClick={onClick}>
        hi
      </View>,
    )
    const view = el('taro-view-core')
    expect(view.className).toBe('row')
    expect(view.id).toBe('r1')
    expect(view.getAttribute('role')).toBe('button')
    expect(view.getAttribute('tabindex')).toBe('0')
    expect(view.getAttribute('aria-pressed')).toBe('false')
    expect(view.getAttribute('data-msg-id')).toBe('m1')
    expect(view.textContent).toBe('hi')
    expect(customElements.get('taro-view-core')).toBeUndefined()
    act(() => view.click())
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('adds hoverClass while a finger is down, after its start time, and keeps it for its stay time', () => {
    jest.useFakeTimers()
    const onTouchStart = jest.fn()
    render(<View className='link' hoverClass='link--active' onTouchStart={onTouchStart} />)
    const view = el('taro-view-core')
    act(() => void view.dispatchEvent(new Event('touchstart', { bubbles: true })))
    expect(onTouchStart).toHaveBeenCalledTimes(1)
    expect(view.className).toBe('link')
    act(() => void jest.advanceTimersByTime(50))
    expect(view.className).toBe('link link--active')
    act(() => void view.dispatchEvent(new Event('touchend', { bubbles: true })))
    act(() => void jest.advanceTimersByTime(399))
    expect(view.className).toBe('link link--active')
    act(() => void jest.advanceTimersByTime(1))
    expect(view.className).toBe('link')
  })

  it('without hoverClass keeps its class on touch and passes the touch to its handlers; the hover settings stay off the element', () => {
    jest.useFakeTimers()
    const onTouchStart = jest.fn()
    const onTouchEnd = jest.fn()
    render(<View className='row' hoverStartTime={10} hoverStayTime={10} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd} />)
    const view = el('taro-view-core')
    act(() => void view.dispatchEvent(new Event('touchstart', { bubbles: true })))
    act(() => void jest.advanceTimersByTime(100))
    expect(view.className).toBe('row')
    act(() => void view.dispatchEvent(new Event('touchend', { bubbles: true })))
    expect([onTouchStart.mock.calls.length, onTouchEnd.mock.calls.length]).toEqual([1, 1])
    expect(view.hasAttribute('hover-start-time') || view.hasAttribute('hover-stay-time')).toBe(false)
  })

  it('leaves an object prop (the mini-program animation) off the element', () => {
    render(<View animation={{ actions: [] }} />)
    expect(el('taro-view-core').hasAttribute('animation')).toBe(false)
  })
})

describe('Text', () => {
  it('renders taro-text-core with user-select and the line clamp Taro styles by', () => {
    render(
      <Text className='t' userSelect numberOfLines={3}>
        words
      </Text>,
    )
    const text = el('taro-text-core')
    expect(text.getAttribute('user-select')).toBe('true')
    expect(text.getAttribute('number-of-lines')).toBe('3')
    expect(text.style.getPropertyValue('--line-clamp')).toBe('3')
  })

  it('leaves a false switch off the element', () => {
    render(<Text selectable={false}>x</Text>)
    expect(el('taro-text-core').hasAttribute('selectable')).toBe(false)
  })
})

describe('Button', () => {
  it('renders taro-button-core with type, size, disabled and the loading icon first', () => {
    render(
      <Button className='b' type='primary' size='mini' disabled loading>
        Pay
      </Button>,
    )
    const button = el('taro-button-core')
    expect(button.getAttribute('type')).toBe('primary')
    expect(button.getAttribute('size')).toBe('mini')
    expect(button.hasAttribute('disabled')).toBe(true)
    expect(button.hasAttribute('loading')).toBe(true)
    expect(button.firstElementChild?.className).toBe('weui-loading')
    expect(button.textContent).toBe('Pay')
  })

  it('has no disabled, loading or plain attribute when they are off', () => {
    render(<Button disabled={false}>Go</Button>)
    const button = el('taro-button-core')
    expect(['disabled', 'loading', 'plain'].filter((name) => button.hasAttribute(name))).toEqual([])
    expect(button.querySelector('.weui-loading')).toBeNull()
  })
})

describe('Image', () => {
  it('renders the img with its mode class, alt and a widthFix host class', () => {
    render(<Image className='pic' src='/a.png' mode='widthFix' nativeProps={{ alt: 'a cat' }} />)
    expect(el('taro-image-core').className).toBe('pic taro-img__widthfix')
    const img = el('img') as HTMLImageElement
    expect(img.className).toBe('taro-img__mode-widthfix')
    expect(img.getAttribute('src')).toBe('/a.png')
    expect(img.alt).toBe('a cat')
  })

  it('defaults to scaleToFill, and renders no img without a source', () => {
    render(<Image src='' />)
    expect(el('img')).toBeNull()
    render(<Image src='/b.png' />)
    expect(el('img').className).toBe('taro-img__mode-scaletofill')
  })

  it('aspectFill fills by the longer side once loaded, and onLoad gets the size', () => {
    const onLoad = jest.fn<void, [{ detail: unknown }]>()
    render(<Image src='/tall.png' mode='aspectFill' onLoad={onLoad} />)
    const img = el('img') as HTMLImageElement
    expect(img.className).toBe('taro-img__mode-aspectfill taro-img__mode-aspectfill--width')
    Object.defineProperties(img, { naturalWidth: { value: 100 }, naturalHeight: { value: 300 }, width: { value: 50 }, height: { value: 150 } })
    act(() => void img.dispatchEvent(new Event('load')))
    expect(img.className).toBe('taro-img__mode-aspectfill taro-img__mode-aspectfill--height')
    expect(onLoad.mock.calls[0][0].detail).toEqual({ width: 50, height: 150 })
  })

  it('lazyLoad sets the source once the image comes within 300 px of the screen', () => {
    const observed: Element[] = []
    let notify: (entries: { target: Element; isIntersecting: boolean }[]) => void = () => undefined
    class FakeObserver {
      constructor(callback: typeof notify, options: { rootMargin: string }) {
        notify = callback
        expect(options.rootMargin).toBe('300px 0px')
      }
      observe(target: Element) {
        observed.push(target)
      }
      unobserve(target: Element) {
        observed.splice(observed.indexOf(target), 1)
      }
    }
    Object.defineProperty(window, 'IntersectionObserver', { value: FakeObserver, configurable: true })
    render(<Image src='/far.png' lazyLoad />)
    const img = el('img')
    expect(img.hasAttribute('src')).toBe(false)
    expect(observed).toEqual([img])
    act(() => notify([{ target: img, isIntersecting: false }]))
    expect(img.hasAttribute('src')).toBe(false)
    act(() => notify([{ target: img, isIntersecting: true }]))
    expect(img.getAttribute('src')).toBe('/far.png')
    expect(observed).toEqual([])
  })

  it('lazyLoad without IntersectionObserver loads at once', () => {
    render(<Image src='/now.png' lazyLoad />)
    expect(el('img').getAttribute('src')).toBe('/now.png')
  })
})
