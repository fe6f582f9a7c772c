/**
 * Issue 34 section 2 item 11: the messaging library's connect timeout, 10 s (spec 001 §9). The
 * local room client opens a socket that never opens (the platform socket is the faked edge): it
 * still waits at 9.999 s, gives up at 10 s with a timeout, closes that socket and says it failed.
 */
import { ChatroomError, LocalChatroomClient, type ChatroomStatus } from '../../../src/im'
import type { OpenSocket } from '../../../src/platform/socket'

afterEach(() => jest.useRealTimers())

it('gives up opening a socket after 10 s, not before', async () => {
  jest.useFakeTimers()
  const opened: string[] = []
  const closed: string[] = []
  const neverOpens: OpenSocket = (url) => {
    opened.push(url)
    return { send: () => undefined, close: () => void closed.push(url) }
  }
  const client = new LocalChatroomClient(neverOpens)
  const statuses: ChatroomStatus[] = []
  client.onStatus((status) => statuses.push(status))
  let outcome: unknown
  const entering = client.enter({ chatroomId: 'room', addresses: ['ws://a.example/im'], identity: { kind: 'guest', nick: 'Guest' } }).then(
    () => (outcome = 'entered'),
    (error: unknown) => (outcome = error),
  )
  await jest.advanceTimersByTimeAsync(9_999)
  expect(outcome).toBeUndefined()
  expect(closed).toEqual([])
  await jest.advanceTimersByTimeAsync(1)
  await entering
  expect(outcome).toBeInstanceOf(ChatroomError)
  expect(outcome).toMatchObject({ kind: 'timeout' })
  expect(opened).toEqual(['ws://a.example/im'])
  expect(closed).toEqual(['ws://a.example/im'])
  expect(statuses.at(-1)).toMatchObject({ state: 'failed' })
})
