/** Taro's Input: the mini-program's native one; H5 defines its Stencil element in the chunks that show one (input.h5.ts). */
export { Input } from '@tarojs/components'
