import { useEffect } from 'react'
import { useDidHide, useDidShow } from '@tarojs/taro'
import type { LiveHomeStore, LiveMode } from '../../features/live'

/**
 * A live page's life: it loads when it mounts (`groupid`, the route's query, names the group whose
 * watch count it asks), and stops its player, chat connection and timers when
 * it leaves (unmount: navigate back, redirect) or hides while the page stack keeps it (a page opened
 * over it, /refresh's re-entry), in both builds; it picks up again when it shows.
 */
export function useLivePage(store: LiveHomeStore, courseData: string, mode: LiveMode, groupid?: string): void {
  useEffect(() => {
    void store.load(courseData, mode, groupid)
    return () => store.dispose()
  }, [store, courseData, mode, groupid])
  useDidHide(() => store.suspend())
  useDidShow(() => store.resume())
}
