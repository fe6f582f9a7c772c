declare module '*.png'
declare module '*.gif'
declare module '*.jpg'
declare module '*.jpeg'
declare module '*.svg'
declare module '*.scss'

declare namespace NodeJS {
  interface ProcessEnv {
    NODE_ENV: 'development' | 'production' | 'test'
    TARO_ENV: 'weapp' | 'h5'
    /** API host the app talks to; empty means the page's own origin (H5 served by the reference server). */
    TARO_APP_API?: string
  }
}
