import type { LocationMessage } from '../../../domain/message/types'
import { t } from '../../../locales'
import { Card } from './Card'

/** Title and address; a location without either shows its coordinates. */
export function LocationCell({ message }: { message: LocationMessage }) {
  const coordinates =
    message.lat !== undefined && message.lng !== undefined ? `${message.lat.toFixed(5)}, ${message.lng.toFixed(5)}` : undefined
  const title = message.title ?? message.address ?? coordinates ?? t('cells.location.label')
  const desc = message.title !== undefined ? message.address : undefined
  return <Card className='cell-location' title={title} desc={desc} footer={t('cells.location.label')} />
}
