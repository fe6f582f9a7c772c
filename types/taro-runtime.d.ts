/** Taro's H5 React adapter, used by the component-test setup (its package ships no typings for this entry). */
declare module '@tarojs/plugin-framework-react/dist/runtime' {
  export function createH5NativeComponentConfig(component: unknown, react: unknown, reactDom: unknown): unknown
}
