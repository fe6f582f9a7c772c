import type { ComponentType } from 'react'
import type { SwiperItemProps, SwiperProps } from '@tarojs/components'
import { defineCustomElement as defineSwiper } from '@tarojs/components/dist/components/taro-swiper-core.js'
import { defineCustomElement as defineSwiperItem } from '@tarojs/components/dist/components/taro-swiper-item-core.js'
import { stencilComponent } from './stencil.h5'

/** Swiper and SwiperItem defined from their own Stencil modules, so only the chunks that show them carry them. */
export const Swiper: ComponentType<SwiperProps> = stencilComponent<SwiperProps>('taro-swiper-core', defineSwiper)
export const SwiperItem: ComponentType<SwiperItemProps> = stencilComponent<SwiperItemProps>('taro-swiper-item-core', defineSwiperItem)
