/**
 * Taro's Slider. The mini-program build takes it from @tarojs/components; the H5 build resolves
 * slider.h5.ts, which keeps it out of the first load.
 */
export { Slider } from '@tarojs/components'
