import { LiveEndScreen } from '../../../../features/live'
import { useRouteTitle } from '../../../../features/routing'

/** /liveEnd ('live ended', spec 001 §2). */
export default function LiveEndPage() {
  useRouteTitle('LiveEnd')
  return <LiveEndScreen />
}
