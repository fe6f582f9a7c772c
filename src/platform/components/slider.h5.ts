import type { ComponentType } from 'react'
import type { SliderProps } from '@tarojs/components'
import { defineCustomElement } from '@tarojs/components/dist/components/taro-slider-core.js'
import { stencilComponent } from './stencil.h5'

/** Slider defined from its own Stencil module, so only the chunks that show one carry it. */
export const Slider: ComponentType<SliderProps> = stencilComponent<SliderProps>('taro-slider-core', defineCustomElement)
