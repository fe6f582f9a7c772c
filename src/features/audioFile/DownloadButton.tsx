import { useState } from 'react'
import { feedback } from '../../platform/feedback'
import { Text } from '../../platform/components/basic'
import { t } from '../../locales'
import { pressable } from '../../ui/a11y'
import { downloadAudio } from '../../platform/audio'
import type { AudioFileItem } from './audioFile'

/** Download with progress (spec 001 §2 "Audio player page"). */
export function DownloadButton({ file }: { file: AudioFileItem }) {
  const [percent, setPercent] = useState<number | null>(null)
  const busy = percent !== null

  const download = (): void => {
    if (busy) return
    setPercent(0)
    downloadAudio({ url: file.url, fileName: file.name, onProgress: ({ progress }) => setPercent(progress) }).then(
      () => {
        setPercent(null)
        feedback.toast({ title: t('player.page.downloaded'), icon: 'success', duration: 1000 })
      },
      () => {
        setPercent(null)
        feedback.toast({ title: t('player.page.downloadFailed'), icon: 'none', duration: 2000 })
      },
    )
  }

  return (
    <Text className={`audio-file__download${busy ? ' audio-file__download--busy' : ''}`} {...pressable(download)}>
      {busy ? t('player.page.downloading', { percent }) : t('player.page.download')}
    </Text>
  )
}
