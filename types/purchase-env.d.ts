declare namespace NodeJS {
  interface ProcessEnv {
    /** '1': an H5 production build outside WeChat pays through the reference server's sandbox (e2e builds). */
    TARO_APP_PAY_SANDBOX?: string
  }
}
