/**
 * What the H5 toast (src/platform/feedback/index.h5.ts) said, in order, from its live region's
 * DOM: each toast writes the region's text anew, so every added text node is one toast.
 */
export interface ToastRecorder {
  /** the toasts' texts so far, oldest first */
  texts(): string[]
  stop(): void
}

export function recordToasts(): ToastRecorder {
  const seen: string[] = []
  const take = (records: MutationRecord[]) => {
    for (const record of records) {
      if (!(record.target instanceof Element) || !record.target.matches('.platform-toast')) continue
      record.addedNodes.forEach((node) => {
        if (node.nodeType === Node.TEXT_NODE && node.textContent) seen.push(node.textContent)
      })
    }
  }
  const observer = new MutationObserver(take)
  observer.observe(document.body, { childList: true, subtree: true })
  return {
    texts: () => {
      take(observer.takeRecords())
      return [...seen]
    },
    stop: () => observer.disconnect(),
  }
}
