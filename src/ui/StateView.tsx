import { Button, View, Text } from '@tarojs/components'
import './StateView.scss'

export interface StateViewProps {
  kind: 'loading' | 'empty' | 'error'
  title: string
  detail?: string
  actionText?: string
  onAction?: () => void
}

/** The full-screen loading, empty and error states every screen uses. */
export function StateView({ kind, title, detail, actionText, onAction }: StateViewProps) {
  return (
    <View className={`state-view state-view--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {kind === 'loading' ? <View className='state-view__spinner' /> : <View className={`state-view__icon state-view__icon--${kind}`} />}
      <Text className='state-view__title'>{title}</Text>
      {detail ? <Text className='state-view__detail'>{detail}</Text> : null}
      {actionText && onAction ? (
        <Button className='state-view__action' size='mini' onClick={onAction}>
          {actionText}
        </Button>
      ) : null}
    </View>
  )
}
