declare namespace NodeJS {
  interface ProcessEnv {
    /** the Android store page the invite and download pages send to (default: the demo server's stand-in) */
    TARO_APP_ANDROID_STORE_URL?: string
    /** the iOS App Store page (default: the demo server's stand-in) */
    TARO_APP_IOS_STORE_URL?: string
    /** the app's custom scheme /openWeimai tries (default weimai://) */
    TARO_APP_SCHEME?: string
    /** the remote update config with wmDownload_desc (default: the API server's /config/wmUpdate.json) */
    TARO_APP_DOWNLOAD_DESC_URL?: string
  }
}
