import { useRouter } from '@tarojs/taro'
import { presentParam } from '../../../../domain/routeParams'
import { WmValidateScreen } from '../../../../features/invite'
import { useRouteTitle } from '../../../../features/routing'

/** /wmValidate: the watermark-camera validation page (spec 000 §2); `wsid`, the account a bind dialog bound. */
export default function WmValidatePage() {
  useRouteTitle('WmValidate')
  return <WmValidateScreen account={presentParam(useRouter().params.wsid)} />
}
