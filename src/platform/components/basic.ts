/**
 * The basic components every screen uses. The mini-program renders Taro's own (native
 * components); H5 renders `basic.h5.tsx`, plain elements with the same tags, attributes and
 * styles as Taro's Stencil ones, without the Stencil runtime (issue 16).
 */
import { createElement } from 'react'
import { Image as TaroImage, type ImageProps } from '@tarojs/components'

export { Button, Text, View } from '@tarojs/components'

/**
 * Taro's image without `nativeProps`: those are the H5 `<img>`'s attributes (its alt; the
 * mini-program's image is named by its aria-label), which the mini-program's templates never read
 * yet would carry over the bridge with every avatar (issue 36 item 4).
 */
export function Image({ nativeProps: _h5Only, ...props }: ImageProps) {
  return createElement(TaroImage, props)
}
