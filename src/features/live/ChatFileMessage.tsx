import { useState } from 'react'
import { observer } from 'mobx-react-lite'
import { Button, Image, Text, View } from '../../platform/components/basic'
import { Audio } from '../../platform/components/audio'
import { chatFilePlatform } from '../../platform/chatFile'
import { platformEnv } from '../../platform/env'
import { feedback } from '../../platform/feedback'
import { filePlatform } from '../../platform/file'
import { imagePlatform } from '../../platform/image'
import { formatBytes, playableAudioUrl, type LiveFile } from '../../domain/chat/fileMessage'
import type { ChatFileKind } from '../../../types/chatUpload'
import { t } from '../../locales'
import { imageAlt, pressable, scriptFocusable, useModalFocus, useUiId } from '../../ui/a11y'
import { Overlay } from '../../ui/Overlay'
import type { ChatItem } from './LiveChatStore'
import type { LiveHomeStore } from './LiveHomeStore'
import './live.scss'
import '../../locales/packages/live'

/** A stored file's address to load: the store's own paths are on the API's host. */
const loadable = (url: string): string => (url.startsWith('/') ? `${platformEnv.apiBase()}${url}` : url)

/** The picture at full size over the page: the system viewer where there is one, else an overlay that Escape or a tap closes. */
function ImagePreview({ url, alt, onClose }: { url: string; alt: string; onClose: () => void }) {
  const id = useUiId()
  useModalFocus(id, onClose)
  return (
    <Overlay className='live-file__preview-mask' onMaskPress={onClose}>
      <View id={id} className='live-file__preview' role='dialog' aria-modal='true' aria-label={t('live.file.preview')} {...scriptFocusable}>
        <Image className='live-file__preview-image' src={url} mode='aspectFit' {...imageAlt(alt)} />
        <Button className='live-file__preview-close' {...pressable(onClose)}>
          {t('live.file.closePreview')}
        </Button>
      </View>
    </Overlay>
  )
}

function ImageThumb({ file, sender }: { file: LiveFile; sender: string }) {
  const [open, setOpen] = useState(false)
  const url = loadable(file.url)
  const alt = t('live.file.imageFrom', { sender })
  const show = () => (imagePlatform.nativePreview ? imagePlatform.nativePreview([url], url) : setOpen(true))
  return (
    <>
      <View className='live-file__thumb' aria-label={t('live.file.openImage', { sender })} {...pressable(show)}>
        <Image className='live-file__thumb-image' src={url} mode='aspectFill' lazyLoad {...imageAlt(alt)} />
      </View>
      {open ? <ImagePreview url={url} alt={alt} onClose={() => setOpen(false)} /> : null}
    </>
  )
}

/**
 * A file, image or audio message's body (spec 001 §3): the image as a thumbnail that opens a
 * preview, the audio with the player's own controls, a file with its name and size that opens it;
 * while it uploads, how far it is.
 */
export function ChatFileBody({ item }: { item: ChatItem }) {
  const { file } = item
  if (!file) return null
  const size = formatBytes(file.size)
  const uploading = item.state === 'pending' && item.progress !== undefined && item.progress < 1
  return (
    <View className={`live-file live-file--${file.type}`}>
      {file.type === 'image' && file.url ? <ImageThumb file={file} sender={item.displayName} /> : null}
      {file.type === 'audio' && item.state === 'sent' ? (
        <Audio className='live-file__audio' src={loadable(playableAudioUrl(file))} controls name={file.name} author={item.displayName} />
      ) : null}
      {file.type === 'file' && item.state === 'sent' ? (
        <View
          className='live-file__doc'
          aria-label={t('live.file.openFile', { name: file.name, size })}
          {...pressable(() => void filePlatform.openFile({ url: loadable(file.url), fileName: file.name, fileExtension: file.ext }))}
        >
          <Text className='live-file__name'>{file.name}</Text>
          <Text className='live-file__size'>{size}</Text>
        </View>
      ) : (
        <Text className='live-file__caption'>
          {file.type === 'file' ? `${file.name} · ${size}` : size}
        </Text>
      )}
      {uploading ? <Text className='live-file__progress'>{t('live.file.uploading', { percent: Math.round((item.progress ?? 0) * 100) })}</Text> : null}
      {item.state === 'failed' && item.errorText ? <Text className='live-file__error'>{item.errorText}</Text> : null}
    </View>
  )
}

const KINDS: readonly ChatFileKind[] = ['image', 'audio', 'file']

/** The chat's image, audio and file buttons: the system's chooser, then the message (a file the room cannot take is said at once). */
export const ChatAttach = observer(function ChatAttach({ store }: { store: LiveHomeStore }) {
  if (!store.chat?.sendsFiles) return null
  const attach = async (kind: ChatFileKind) => {
    const picked = await chatFilePlatform.pick(kind)
    if (!picked) return
    const refusal = await store.sendFile(kind, picked)
    if (refusal) feedback.toast({ title: t(refusal), icon: 'none', duration: 2000 })
  }
  return (
    <View className='live-attach'>
      {KINDS.map((kind) => (
        <Button key={kind} className='live-attach__button' aria-label={t(`live.file.send.${kind}`)} {...pressable(() => void attach(kind))}>
          {t(`live.file.kind.${kind}`)}
        </Button>
      ))}
    </View>
  )
})
