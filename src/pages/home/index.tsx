import { HomePage as Home } from '../../features/home'
import { useRouteTitle } from '../../features/routing'

/** /home: the listener's home (issue 35 item 6), also what a production build opens on. */
export default function HomePage() {
  useRouteTitle('Home')
  return <Home />
}
