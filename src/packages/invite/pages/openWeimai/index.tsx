import { OpenAppScreen } from '../../../../features/invite'
import { useRouteTitle } from '../../../../features/routing'

/** /openWeimai (spec 001 §2): the open-app cover. */
export default function OpenWeimaiPage() {
  useRouteTitle('OpenWeimai')
  return <OpenAppScreen />
}
