import type { ComponentType } from 'react'
import type { AudioProps } from '@tarojs/components'
import { defineCustomElement } from '@tarojs/components/dist/components/taro-audio-core.js'
import { stencilComponent } from './stencil.h5'

/** Audio defined from its own Stencil module, so only the chunks that show one carry it and the Stencil runtime. */
export const Audio: ComponentType<AudioProps> = stencilComponent<AudioProps>('taro-audio-core', defineCustomElement)
