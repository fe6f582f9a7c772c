import type { ContactCardMessage } from '../../../domain/message/types'
import { t } from '../../../locales'
import { Card } from './Card'

export function ContactCardCell({ message }: { message: ContactCardMessage }) {
  return (
    <Card
      className='cell-contact'
      title={message.name}
      icon={message.avatar}
      mediaFirst
      footer={t('cells.contactCard.label')}
    />
  )
}
