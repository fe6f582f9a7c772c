/**
 * The basic components every screen uses. The mini-program renders Taro's own (native
 * components); H5 renders `basic.h5.tsx`, plain elements with the same tags, attributes and
 * styles as Taro's Stencil ones, without the Stencil runtime (issue 16).
 */
export { Button, Image, Text, View } from '@tarojs/components'
