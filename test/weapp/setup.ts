// jsdom (the simulator needs a DOM) drops Node globals the in-process reference server relies on.
import { clearImmediate, setImmediate } from 'timers'
import { TextDecoder, TextEncoder } from 'util'

Object.assign(globalThis, { setImmediate, clearImmediate, TextDecoder, TextEncoder })
