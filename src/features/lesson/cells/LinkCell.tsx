import { feedback } from '../../../platform/feedback'
import type { ChatRecordMessage, WebMessage } from '../../../domain/message/types'
import { t } from '../../../locales'
import { filePlatform } from '../../../platform/file'
import { Card } from './Card'

/** Web page (1009) and chat record (1011): title, icon and address; a tap opens http(s) only. */
export function LinkCell({ message }: { message: WebMessage | ChatRecordMessage }) {
  const open = (): void => {
    if (filePlatform.openLink(message.url) === 'copied') {
      feedback.toast({ title: t('cells.link.copied'), icon: 'none', duration: 1000 })
    }
  }
  return (
    <Card
      className={`cell-link cell-link--${message.kind}`}
      title={message.title}
      desc={message.url}
      icon={message.icon}
      footer={t(message.kind === 'web' ? 'cells.web.label' : 'cells.chatRecord.label')}
      onClick={open}
    />
  )
}
