import Taro from '@tarojs/taro'
import { document, TaroRootElement } from '@tarojs/runtime'
import type { PlatformFirstScreen } from './types'

/** Releases the held first setData; undefined when none is held. */
let release: (() => void) | undefined

export const firstScreen: PlatformFirstScreen = {
  hold(maxMs) {
    release?.()
    const path = Taro.getCurrentInstance().router?.$taroPath
    const root = path ? document.getElementById(path) : null
    // only a page that has not sent its first setData yet (Taro gives the root its page then)
    if (!(root instanceof TaroRootElement) || root.ctx) return
    // The page's root schedules each setData (of everything enqueued since the last) with
    // scheduleTask; held, it keeps its first task, and the updates enqueued meanwhile join it
    // (the root stays pending until that task has run).
    const tasks: Array<() => void> = []
    root.scheduleTask = (task) => void tasks.push(task)
    const timer = setTimeout(() => release?.(), maxMs)
    release = () => {
      release = undefined
      clearTimeout(timer)
      // back to the prototype's own scheduling (a timer)
      Reflect.deleteProperty(root, 'scheduleTask')
      tasks.splice(0).forEach((task) => root.scheduleTask(task))
    }
  },
  dismiss() {
    release?.()
  },
  screenRowsFirst: true,
  // no page has a server-written first screen: the mini-program starts from its own package
  takeTap: () => undefined,
}
