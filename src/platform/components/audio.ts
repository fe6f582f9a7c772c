/** Taro's Audio: the mini-program's native one; H5 defines its Stencil element in the chunks that show one (audio.h5.ts). */
export { Audio } from '@tarojs/components'
