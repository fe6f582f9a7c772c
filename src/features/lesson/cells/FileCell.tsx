import { Text, View } from '../../../platform/components/basic'
import { formatFileSize } from '../../../domain/format'
import { fileIcon } from '../../../domain/message/file'
import type { FileMessage } from '../../../domain/message/types'
import { navigate } from '../../../platform/navigation'
import { t } from '../../../locales'
import { nativeBridge } from '../../../platform/bridge'
import { filePlatform } from '../../../platform/file'
import { Card } from './Card'
import './FileCell.scss'
import { feedback } from '../../../platform/feedback'

/**
 * Name, extension badge and size label (spec 000 §5). A tap: the mini-program says "please open
 * in the app"; elsewhere mp3/wav/m4a open the audio player page (m4a the one with a native audio
 * element), office and txt an online viewer on Android, the rest download.
 */
export function FileCell({ message }: { message: FileMessage }) {
  const { fileName, fileExtension, fileLength, url } = message
  const open = (): void => {
    // inside the native app the app opens the file itself (platform/bridge)
    if (nativeBridge.openFileMsg({ url, fileName, fileExtension, fileLength })) return
    switch (filePlatform.openFile({ url, fileName, fileExtension })) {
      case 'openInApp':
        feedback.toast({ title: t('cells.file.openInApp'), icon: 'none', duration: 1000 })
        break
      case 'audioPlayer':
        navigate(fileExtension === 'm4a' ? 'M4aPlayer' : 'AudioPlayer', { name: fileName, url, fileExtension })
        break
      case 'opened':
      case 'refused':
        break
    }
  }
  const badge = (
    <View className={`cell-file__badge cell-file__badge--${fileIcon(fileExtension)}`}>
      <Text className='cell-file__ext'>{fileExtension.slice(0, 4).toUpperCase() || t('msg.type.file')}</Text>
    </View>
  )
  return (
    <Card
      className='cell-file'
      title={fileName}
      desc={formatFileSize(fileLength)}
      media={badge}
      footer={t('msg.type.file')}
      onClick={open}
    />
  )
}
