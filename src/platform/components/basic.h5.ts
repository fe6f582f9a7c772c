import { createElement, useEffect, useRef, useState, type ComponentType, type ReactNode, type SyntheticEvent } from 'react'
import type { ButtonProps, ImageProps, TextProps, ViewProps } from '@tarojs/components'
import './basic.h5.css'

/**
 * View, Text, Image and Button for H5 without Stencil. Taro's own are Stencil custom elements: the
 * Stencil runtime and the four element classes weigh 16 KB gzip in every page's first load, and
 * each element runs Stencil's lifecycle and moves its children on its first render (the most
 * expensive part of the lesson's first render). These render the same tags
 * (`taro-view-core`...) with the same attributes and classes, never defined as custom elements,
 * and basic.h5.css carries Taro's styles of them, so stylesheets and tests that address the tags
 * stay true. What the four do is done here: Text's and Button's attributes, Button's loading icon,
 * View's hover class, Image's modes, lazy loading and load event.
 *
 * Props reach the element as Taro's React wrapper passes them: strings, numbers and `true` as
 * attributes (camelCase names in dash-case; `catchMove` too, which only the mini-program acts on),
 * event handlers as handlers; other objects (View's animation) are dropped.
 */

const dashCase = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()

const joinClasses = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ')

/** The props of `rest` as Taro's wrapper renders them on its custom element. */
function elementProps(rest: object): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(rest) as [string, unknown][]) {
    if (/^on[A-Z]/.test(name)) {
      if (typeof value === 'function') out[name] = value
    } else if (typeof value === 'string' || typeof value === 'number') {
      out[dashCase(name)] = value
    } else if (typeof value === 'boolean' && (value || /^(aria|data)-/.test(name))) {
      // an ARIA state or data attribute says 'false'; other attributes are there when true
      out[dashCase(name)] = String(value)
    }
  }
  return out
}

/** Adds `hoverClass` while a finger is down, as Taro's View and Button do (after `startMs`, kept `stayMs` after lifting). */
function useHoverClass(hoverClass: string | undefined, startMs: number, stayMs: number) {
  const [hover, setHover] = useState(false)
  const touching = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  if (!hoverClass) return { className: undefined, onTouchStart: undefined, onTouchEnd: undefined }
  return {
    className: hover ? hoverClass : undefined,
    onTouchStart: () => {
      touching.current = true
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setHover(touching.current), startMs)
    },
    onTouchEnd: () => {
      touching.current = false
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setHover(touching.current), stayMs)
    },
  }
}

/**
 * One of Taro's tags. Its class goes in as `class`: React 18 renders `className` on a custom
 * element as a `classname` attribute (Preact, the H5 build's renderer, takes either).
 */
function element(tag: string, props: Record<string, unknown>, ...children: ReactNode[]) {
  return createElement(tag, props, ...children)
}

type Handler = ((event: unknown) => void) | undefined

/** Runs the component's own touch handler, then the caller's. */
function chain(own: (() => void) | undefined, theirs: unknown): Handler {
  const caller = typeof theirs === 'function' ? (theirs as (event: unknown) => void) : undefined
  if (!own) return caller
  return (event) => {
    own()
    caller?.(event)
  }
}

/** A View with a hover class: the only kind that needs state (the app has few). */
function HoverView(props: ViewProps) {
  const { children, className, style, hoverClass, hoverStartTime = 50, hoverStayTime = 400, ...rest } = props
  const hover = useHoverClass(hoverClass, hoverStartTime, hoverStayTime)
  return element(
    'taro-view-core',
    {
      ...elementProps(rest),
      class: joinClasses(className, hover.className) || undefined,
      style,
      onTouchStart: chain(hover.onTouchStart, rest.onTouchStart),
      onTouchEnd: chain(hover.onTouchEnd, rest.onTouchEnd),
    },
    children,
  )
}

/** A plain View renders its element with no hooks: the lesson's first render draws hundreds. */
function LiteView(props: ViewProps) {
  if (props.hoverClass) return createElement(HoverView, props)
  const { children, className, style, hoverClass: _hoverClass, hoverStartTime: _hoverStartTime, hoverStayTime: _hoverStayTime, ...rest } = props
  return element('taro-view-core', { ...elementProps(rest), class: className || undefined, style }, children)
}

function LiteText(props: TextProps) {
  const { children, className, style, numberOfLines, ...rest } = props
  const clamp = typeof numberOfLines === 'number' ? { '--line-clamp': numberOfLines } : undefined
  return element(
    'taro-text-core',
    {
      ...elementProps(rest),
      'number-of-lines': typeof numberOfLines === 'number' ? numberOfLines : undefined,
      class: className,
      style: clamp && typeof style !== 'string' ? { ...style, ...clamp } : style,
    },
    children,
  )
}

function LiteButton(props: ButtonProps) {
  const {
    children,
    className,
    style,
    disabled,
    loading,
    plain,
    hoverClass = 'button-hover',
    hoverStartTime,
    hoverStayTime,
    openType: _openType,
    formType: _formType,
    ...rest
  } = props
  const hover = useHoverClass(disabled ? undefined : hoverClass, hoverStartTime ?? 20, hoverStayTime ?? 70)
  return element(
    'taro-button-core',
    {
      ...elementProps(rest),
      disabled: disabled ? '' : undefined,
      loading: loading ? '' : undefined,
      plain: plain ? '' : undefined,
      class: joinClasses(className, hover.className) || undefined,
      style,
      onTouchStart: chain(hover.onTouchStart, rest.onTouchStart),
      onTouchEnd: chain(hover.onTouchEnd, rest.onTouchEnd),
    },
    loading ? createElement('i', { className: 'weui-loading' }) : null,
    children,
  )
}

/** Images that load when near the screen (300 px ahead, as Taro's): one observer for all. */
const waitingImages = new Map<Element, () => void>()
let imageObserver: IntersectionObserver | undefined

function whenNearScreen(el: Element, show: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    show()
    return () => undefined
  }
  imageObserver ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        waitingImages.get(entry.target)?.()
        waitingImages.delete(entry.target)
        imageObserver?.unobserve(entry.target)
      }
    },
    { rootMargin: '300px 0px' },
  )
  waitingImages.set(el, show)
  imageObserver.observe(el)
  return () => {
    waitingImages.delete(el)
    imageObserver?.unobserve(el)
  }
}

type ImageEventHandler = (event: SyntheticEvent<HTMLImageElement>) => void

function LiteImage(props: ImageProps) {
  const { className, style, src, mode: givenMode, lazyLoad, nativeProps, onLoad, onError, ...rest } = props
  const mode = typeof givenMode === 'string' && givenMode ? givenMode : 'scaleToFill'
  const img = useRef<HTMLImageElement | null>(null)
  const [near, setNear] = useState(!lazyLoad)
  const [wide, setWide] = useState(true)
  useEffect(() => {
    if (near || !img.current) return undefined
    return whenNearScreen(img.current, () => setNear(true))
  }, [near])
  const loaded: ImageEventHandler = (event) => {
    const { width, height, naturalWidth, naturalHeight } = event.currentTarget
    setWide(naturalWidth > naturalHeight)
    onLoad?.(Object.assign(event, { detail: { width, height } }) as unknown as Parameters<NonNullable<ImageProps['onLoad']>>[0])
  }
  const failed: ImageEventHandler = (event) => {
    onError?.(Object.assign(event, { detail: { errMsg: 'image load failed' } }) as unknown as Parameters<NonNullable<ImageProps['onError']>>[0])
  }
  const imageClass = joinClasses(
    `taro-img__mode-${mode.toLowerCase().replace(/\s/g, '')}`,
    mode === 'aspectFill' && `taro-img__mode-aspectfill--${wide ? 'width' : 'height'}`,
  )
  return element(
    'taro-image-core',
    {
      // src, mode and lazy-load stay on the host too, as Taro's wrapper leaves them
      ...elementProps({ ...rest, src, mode: givenMode, lazyLoad }),
      class: joinClasses(className, mode === 'widthFix' && 'taro-img__widthfix') || undefined,
      style,
    },
    typeof src === 'string' && src
      ? createElement('img', {
          ref: img,
          className: imageClass,
          src: near ? src : undefined,
          onLoad: loaded,
          onError: failed,
          ...nativeProps,
        })
      : null,
  )
}

export const View: ComponentType<ViewProps> = LiteView
export const Text: ComponentType<TextProps> = LiteText
export const Image: ComponentType<ImageProps> = LiteImage
export const Button: ComponentType<ButtonProps> = LiteButton
