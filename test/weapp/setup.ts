// jsdom (the simulator needs a DOM) drops Node globals the in-process reference server relies on.
import { clearImmediate, setImmediate } from 'timers'
import { TextDecoder, TextEncoder } from 'util'
import { runInThisContext } from 'vm'

Object.assign(globalThis, { setImmediate, clearImmediate, TextDecoder, TextEncoder })

// The fetch API too: the server reaches its outside services' stand-ins with Response and Headers
// (server/outside/fetch.ts). These are Node's own, read from its main context.
const scope = globalThis as Record<string, unknown>
for (const name of ['fetch', 'Response', 'Headers', 'Request']) {
  if (scope[name] === undefined) scope[name] = runInThisContext(name)
}
// jsdom's AbortSignal has no timeout(), which the outside services' clients bound each call with,
// and Node's fetch takes only Node's own signals
scope.AbortSignal = runInThisContext('AbortSignal')
scope.AbortController = runInThisContext('AbortController')

// the in-process server answers the chat room's WebSocket upgrade inside jsdom, whose URL lacks Node's canParse
if (typeof URL.canParse !== 'function') {
  Object.assign(URL, {
    canParse: (url: string, base?: string): boolean => {
      try {
        return new URL(url, base) instanceof URL
      } catch {
        return false
      }
    },
  })
}
