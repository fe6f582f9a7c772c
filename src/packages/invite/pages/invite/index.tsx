import { ScanGuideScreen } from '../../../../features/invite'
import { useRouteTitle } from '../../../../features/routing'

/** /invite (spec 001 §2): the download and scan guide, titled with the product name. */
export default function InvitePage() {
  useRouteTitle('Invite')
  return <ScanGuideScreen />
}
