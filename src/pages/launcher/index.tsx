import { HomePage } from '../../features/home'
import { LauncherScreen } from '../../features/launcher'
import { useRouteTitle } from '../../features/routing'
import { DEMO_BUILD } from '../../app/buildMode'

function ListenersHome() {
  useRouteTitle('Home')
  return <HomePage />
}

/**
 * The first page ('/'): the demo launcher in a demo build, the listener's home in a production
 * build (issue 35 item 6). `DEMO_BUILD` is a build-time constant, so the other one is dropped.
 */
export default function FirstPage() {
  return DEMO_BUILD ? <LauncherScreen /> : <ListenersHome />
}
