import { createChatroomClient, LocalChatroomClient, NeteaseChatroomClient } from '../../../src/im'
import { FakeNimRoom } from '../../fixtures/fakeNim'

describe('createChatroomClient', () => {
  const edge = { openSocket: jest.fn(), loadNimSdk: jest.fn(async () => new FakeNimRoom()) }

  it('takes NetEase IM when the live info names an appKey, loading the SDK only on enter', async () => {
    const client = createChatroomClient('app-key', edge)
    expect(client).toBeInstanceOf(NeteaseChatroomClient)
    expect(edge.loadNimSdk).not.toHaveBeenCalled()
    await client.enter({ chatroomId: 'r', addresses: ['a'], identity: { kind: 'guest', nick: 'g' } })
    expect(edge.loadNimSdk).toHaveBeenCalledTimes(1)
  })

  it('takes the local room without one', () => {
    for (const appKey of [undefined, '']) expect(createChatroomClient(appKey, edge)).toBeInstanceOf(LocalChatroomClient)
  })
})
