import type { ReactNode } from 'react'
import { Image, Text, View } from '../../../platform/components/basic'
import { imageAlt, pressable } from '../../../ui/a11y'
import './Card.scss'

export interface CardProps {
  /** stable class of the cell, e.g. 'cell-file' */
  className: string
  title: string
  desc?: string
  /** a picture (safe URL) beside the text */
  icon?: string
  /** drawn instead of `icon` (the file cell's extension badge) */
  media?: ReactNode
  /** picture before the text (contact card) rather than after it (links) */
  mediaFirst?: boolean
  footer: string
  onClick?: () => void
}

/** The white card of app messages: title, description, picture, and a small label under a rule. */
export function Card({ className, title, desc, icon, media, mediaFirst = false, footer, onClick }: CardProps) {
  const picture =
    media ??
    (icon ? (
      <Image className={`cell-card__icon${mediaFirst ? ' cell-card__icon--lead' : ''}`} src={icon} mode='aspectFill' lazyLoad {...imageAlt(null)} />
    ) : null)
  return (
    <View className={`cell-card ${className}`} {...(onClick ? pressable(onClick) : {})}>
      <View className='cell-card__body'>
        {mediaFirst ? picture : null}
        <View className='cell-card__main'>
          <Text className='cell-card__title clamp-2'>{title}</Text>
          {desc ? <Text className='cell-card__desc clamp-2'>{desc}</Text> : null}
        </View>
        {mediaFirst ? null : picture}
      </View>
      <Text className='cell-card__footer'>{footer}</Text>
    </View>
  )
}
