/**
 * Taro's Swiper and SwiperItem. The mini-program build takes them from @tarojs/components; the H5
 * build resolves swiper.h5.ts, which keeps Swiper (and the swiper library under it) out of the
 * first load (see index.h5.ts's note in docs/ARCHITECTURE.md, "Code loaded on demand").
 */
export { Swiper, SwiperItem } from '@tarojs/components'
