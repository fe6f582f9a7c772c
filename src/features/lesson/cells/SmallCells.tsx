import { Text, View } from '../../../platform/components/basic'
import type {
  ComplaintMessage,
  NativeHelloMessage,
  NotificationMessage,
  SignInMessage,
} from '../../../domain/message/types'
import { t } from '../../../locales'
import { Card } from './Card'
import './SmallCells.scss'

/** Cells that are a line of text and a label; their text is always a text node. */
export function SignInCell({ message }: { message: SignInMessage }) {
  return (
    <View className='bubble cell-sign-in'>
      <View className='cell-sign-in__mark' />
      <Text className='bubble__text'>{message.text ?? t('cells.signIn.default')}</Text>
    </View>
  )
}

export function ComplaintCell({ message }: { message: ComplaintMessage }) {
  return (
    <Card className='cell-complaint' title={message.text ?? t('cells.complaint.default')} footer={t('cells.complaint.label')} />
  )
}

/** 99999: the greeting the native app sends when a chat starts. */
export function NativeHelloCell({ message }: { message: NativeHelloMessage }) {
  return (
    <View className='bubble cell-hello'>
      <Text className='bubble__text'>{message.text ?? t('cells.nativeHello.default')}</Text>
    </View>
  )
}

/** 2000 as a centred notice (the list row draws it without avatar; quotes use this). */
export function NoticeCell({ message }: { message: NotificationMessage }) {
  return (
    <View className='cell-notice'>
      <Text className='cell-notice__text'>{message.text}</Text>
    </View>
  )
}
