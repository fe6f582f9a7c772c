/** Taro's ScrollView: the mini-program's native one; H5 defines its Stencil element in the chunks that show one (scrollView.h5.ts). */
export { ScrollView } from '@tarojs/components'
