import { HomePage } from '../../features/home'
import { LauncherScreen } from '../../features/launcher'
import { useRouteTitle } from '../../features/routing'

function ListenersHome() {
  useRouteTitle('Home')
  return <HomePage />
}

/**
 * The first page ('/'): the demo launcher in a demo build, the listener's home in a production
 * build (issue 35 item 6). The build writes app/buildMode.ts's `DEMO_BUILD` in here as a literal
 * (config/index.ts), so the screen it does not show is dropped: imported, the constant stayed a
 * property read of another file's module (the page config shares it), and the mini-program's
 * production main package carried the launcher's 17 KB (issue 36 item 3).
 */
export default function FirstPage() {
  return process.env.TARO_APP_DEMO_BUILD === '1' ? <LauncherScreen /> : <ListenersHome />
}
