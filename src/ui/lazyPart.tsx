import { useEffect, useState, type FunctionComponent, type ReactNode } from 'react'
import { View } from '../platform/components/basic'
import { t } from '../locales'

/**
 * H5 only: a component whose code arrives in a chunk of its own the first time it is shown, so the
 * first screen does not wait for it; `loading` shows meanwhile. A chunk that cannot be fetched says
 * so, and the next time the part is shown it is asked for again. Used by the `*.h5.tsx` twin of a
 * module whose default file imports the same component statically: the mini-program loads no chunk
 * outside its subpackages (docs/ARCHITECTURE.md, "Code loaded on demand").
 */
export function lazyPart<P extends object>(load: () => Promise<FunctionComponent<P>>, loading: ReactNode = null): FunctionComponent<P> {
  let loaded: FunctionComponent<P> | undefined
  let pending: Promise<FunctionComponent<P>> | undefined
  return function LazyPart(props: P) {
    const [Part, setPart] = useState<FunctionComponent<P> | undefined>(() => loaded)
    const [failed, setFailed] = useState(false)
    useEffect(() => {
      if (Part) return undefined
      let shown = true
      pending ??= load()
      pending.then(
        (component) => {
          loaded = component
          if (shown) setPart(() => component)
        },
        () => {
          pending = undefined
          if (shown) setFailed(true)
        },
      )
      return () => {
        shown = false
      }
    }, [Part])
    if (Part) return <Part {...props} />
    return failed ? <View role='alert'>{t('common.loadFailed')}</View> : <>{loading}</>
  }
}
