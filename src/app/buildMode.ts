/**
 * A demo build (issue 35 item 6): development (`npm run dev:*`), or a build with the demo's payment
 * sandbox, `TARO_APP_PAY_SANDBOX=1`, which `npm start` in demo mode and the tests' H5 build set and
 * a deployment never does (README "Pointing the app at another API host"). Only a demo build opens on
 * the launcher with its demo links; a production build opens on the listener's home. The build
 * writes both values in (config/index.ts `defineConstants`, Taro's NODE_ENV), so this is a constant.
 */
export const DEMO_BUILD = process.env.NODE_ENV === 'development' || process.env.TARO_APP_PAY_SANDBOX === '1'
