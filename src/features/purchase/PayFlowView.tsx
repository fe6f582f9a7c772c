import { observer } from 'mobx-react-lite'
import type { PayFlowViewProps } from './PayFlowDialogs'
import { PayFlowDialogs } from './payFlowDialogsPart'

export type { PayFlowViewProps } from './PayFlowDialogs'

/** The pay flow's dialogs while the flow shows one (spec 000 §4 "Payment"); nothing otherwise. */
export const PayFlowView = observer(function PayFlowView({ flow, loadCountries }: PayFlowViewProps) {
  if (!flow.target || flow.step === 'idle' || flow.step === 'redirecting') return null
  return <PayFlowDialogs flow={flow} loadCountries={loadCountries} />
})
