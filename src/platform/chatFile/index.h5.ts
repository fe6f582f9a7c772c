import type { ChatFileKind } from '../../../types/chatUpload'
import { CHAT_FILE_EXTENSIONS } from '../../../types/chatUpload'
import type { ChatFilePlatform, PickedFile } from './types'

/** The browser's file chooser: a hidden input, opened by the viewer's tap (browsers allow it only then). */
function choose(kind: ChatFileKind): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = CHAT_FILE_EXTENSIONS[kind].map((ext) => `.${ext}`).join(',')
    input.style.display = 'none'
    const done = (file: File | null) => {
      input.remove()
      resolve(file)
    }
    input.addEventListener('change', () => done(input.files?.[0] ?? null))
    input.addEventListener('cancel', () => done(null))
    document.body.appendChild(input)
    input.click()
  })
}

export const chatFilePlatform: ChatFilePlatform = {
  async pick(kind) {
    const file = await choose(kind)
    if (!file) return null
    const picked: PickedFile = {
      name: file.name,
      size: file.size,
      read: (offset, length) => file.slice(offset, offset + length).arrayBuffer(),
      ...(kind === 'image' ? { previewUrl: URL.createObjectURL(file) } : {}),
    }
    return picked
  },
  async postChunk(url, headers, data) {
    const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/octet-stream' }, body: data })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // not JSON: the caller reads it as a bad answer
    }
    return { statusCode: res.status, data: parsed }
  },
}
