/** A short message over the page (spec: "a toast"); it never blocks and never waits. */
export interface ToastOptions {
  title: string
  /** 'success' adds a tick; 'none' (default) is text only */
  icon?: 'none' | 'success'
  /** ms on screen (default 1500) */
  duration?: number
}

/** A system dialog with one or two buttons. */
export interface ModalOptions {
  title?: string
  content?: string
  /** false: only the confirm button (default true) */
  showCancel?: boolean
  confirmColor?: string
}

/**
 * Toasts, system dialogs and the bottom action menu. The mini-program shows WeChat's own; H5
 * shows its own toast (a live region, so screen readers read it) and loads Taro's dialog and menu
 * on first use, which keeps them out of every page's first load (issue 16).
 */
export interface FeedbackPlatform {
  toast(options: ToastOptions): void
  /** resolves true when the user confirmed */
  modal(options: ModalOptions): Promise<boolean>
  /** resolves the index of the chosen item, or -1 when the menu was dismissed */
  actionSheet(items: string[]): Promise<number>
}
