import { WmValidateScreen } from '../../../../features/invite'
import { useRouteTitle } from '../../../../features/routing'

/** /wmValidate: the watermark-camera validation page (spec 000 §2). */
export default function WmValidatePage() {
  useRouteTitle('WmValidate')
  return <WmValidateScreen />
}
