import type { UserConfigExport } from '@tarojs/cli'

export default {
  logger: { quiet: false, stats: true },
  mini: {},
  h5: {
    devServer: {
      // `npm run dev:h5` serves the app here and sends API calls to the reference server.
      port: 10086,
      proxy: {
        '/wmim': 'http://127.0.0.1:3000',
        '/wx': 'http://127.0.0.1:3000',
        '/gzh': 'http://127.0.0.1:3000',
        '/media': 'http://127.0.0.1:3000',
        '/dev': 'http://127.0.0.1:3000',
        // the outside services' stand-ins (WeChat's login page)
        '/standin': 'http://127.0.0.1:3000',
      },
    },
  },
} satisfies UserConfigExport<'webpack5'>
