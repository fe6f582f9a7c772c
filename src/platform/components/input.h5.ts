import type { ComponentType } from 'react'
import type { InputProps } from '@tarojs/components'
import { defineCustomElement } from '@tarojs/components/dist/components/taro-input-core.js'
import { stencilComponent } from './stencil.h5'

/** Input defined from its own Stencil module, so only the chunks that show one carry it and the Stencil runtime. */
export const Input: ComponentType<InputProps> = stencilComponent<InputProps>('taro-input-core', defineCustomElement)
