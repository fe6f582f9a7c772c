import type { ComponentType } from 'react'
import { manipulatePropsFunction } from '@tarojs/components/lib/react/helper.js'
import { createReactComponent } from '@tarojs/components/lib/react/react-component-lib/index.js'
import type { HTMLStencilElement } from '@tarojs/components/lib/react/react-component-lib/createComponent'

/**
 * A React wrapper of one of Taro's Stencil components, made as @tarojs/components/lib/react makes it.
 * That module defines every component the app uses anywhere in one place, so whichever page loads
 * first would carry them all: Swiper (with the swiper library), Video and Slider are instead wrapped
 * here, from their own modules, and only the chunks that import them fetch them.
 *
 * Typed as Taro's public typings type the same wrappers (`ComponentType<SwiperProps>` and so on);
 * the generated forwardRef type of the wrapper library does not line up with those typings.
 */
export function stencilComponent<Props>(tagName: string, define: () => void): ComponentType<Props> {
  return createReactComponent<Props, HTMLStencilElement>(tagName, undefined, manipulatePropsFunction, define) as ComponentType<Props>
}
