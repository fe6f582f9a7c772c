import type { ComponentType } from 'react'
import type { VideoProps } from '@tarojs/components'
import { defineCustomElement } from '@tarojs/components/dist/components/taro-video-core.js'
import { stencilComponent } from './stencil.h5'

/** Video defined from its own Stencil module, so only the chunks that show a video carry it. */
export const Video: ComponentType<VideoProps> = stencilComponent<VideoProps>('taro-video-core', defineCustomElement)
