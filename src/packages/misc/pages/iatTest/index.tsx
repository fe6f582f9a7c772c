import { useState } from 'react'
import { SpeechScreen } from '../../../../features/speech'
import { useRouteTitle } from '../../../../features/routing'
import { useMiscStores } from '../../stores'

/** /iatTest (spec 000 §7; the route table titles it 'bank card'): streaming speech-to-text. */
export default function IatTestPage() {
  useRouteTitle('IatTest')
  const { createSpeechStore } = useMiscStores()
  const [store] = useState(createSpeechStore)
  return <SpeechScreen store={store} />
}
