/**
 * `npm start`: builds the H5 site if it is missing or older than the sources, then starts the
 * reference server, which serves the site and the API on one port and prints the URL and its mode.
 * Every server setting (SERVER_MODE, PORT, HOST, DB_PATH, STATIC_DIR, …) is passed through (see README).
 */
import { bin, buildIsStale, run } from './lib.mjs'

// the server's own rule (server/app.ts serverConfigFromEnv): SERVER_MODE, else NODE_ENV=production
const production = (process.env.SERVER_MODE ?? (process.env.NODE_ENV === 'production' ? 'production' : 'demo')) === 'production'

if (buildIsStale('dist/h5/index.html')) {
  console.log('Building the H5 site (first run or sources changed)…')
  // Only the demo has the payment sandbox that stands in for WeChat pay.
  const env = production ? { NODE_ENV: 'production' } : { NODE_ENV: 'production', TARO_APP_PAY_SANDBOX: '1' }
  const code = await run(bin('taro'), ['build', '--type', 'h5'], { env })
  if (code !== 0) {
    console.error('The H5 build failed; see the output above.')
    process.exit(code)
  }
}
process.exit(await run(bin('tsx'), ['server/cluster.ts']))
