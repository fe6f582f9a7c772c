import { TranscriptScreen } from '../../../../features/transcript'
import { useRouteTitle } from '../../../../features/routing'
import { useMiscStores } from '../../stores'

/** /transcript: the transcript of the lesson on screen, following its voice (opened from the audio panel). */
export default function TranscriptPage() {
  useRouteTitle('Transcript')
  const { player } = useMiscStores()
  return <TranscriptScreen player={player} />
}
