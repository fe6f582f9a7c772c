/**
 * `npm start`: builds the H5 site if it is missing or older than the sources, then starts the
 * reference server, which serves the site and the API on one port and prints the URL.
 * PORT, HOST, DB_PATH, STATIC_DIR are passed through (see README).
 */
import { bin, buildIsStale, run } from './lib.mjs'

if (buildIsStale('dist/h5/index.html')) {
  console.log('Building the H5 site (first run or sources changed)…')
  // The reference server is a development backend: its payment sandbox stands in for WeChat pay.
  const code = await run(bin('taro'), ['build', '--type', 'h5'], { env: { NODE_ENV: 'production', TARO_APP_PAY_SANDBOX: '1' } })
  if (code !== 0) {
    console.error('The H5 build failed; see the output above.')
    process.exit(code)
  }
}
process.exit(await run(bin('tsx'), ['server/cluster.ts']))
