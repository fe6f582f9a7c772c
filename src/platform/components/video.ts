/**
 * Taro's Video. The mini-program build takes it from @tarojs/components; the H5 build resolves
 * video.h5.ts, which keeps the Stencil video player out of the first load.
 */
export { Video } from '@tarojs/components'
