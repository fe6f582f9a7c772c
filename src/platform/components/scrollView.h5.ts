import type { ComponentType } from 'react'
import type { ScrollViewProps } from '@tarojs/components'
import { defineCustomElement } from '@tarojs/components/dist/components/taro-scroll-view-core.js'
import { stencilComponent } from './stencil.h5'

/** ScrollView defined from its own Stencil module, so only the chunks that show one carry it and the Stencil runtime. */
export const ScrollView: ComponentType<ScrollViewProps> = stencilComponent<ScrollViewProps>('taro-scroll-view-core', defineCustomElement)
