import type { FunctionComponent } from 'react'
import { Text } from '@tarojs/components'
import { lazyPart } from '../../../src/ui/lazyPart'
import { t } from '../../../src/locales'
import { $$, cleanup, deferred, flushPromises, render, text } from './harness'

/** The part a chunk would hold. */
const Greeting: FunctionComponent<{ name: string }> = ({ name }) => <Text className='greeting'>{`hello ${name}`}</Text>

afterEach(cleanup)

describe('lazyPart (H5 code loaded on demand)', () => {
  it('shows `loading` until the chunk arrives, then the part with its props, and loads the chunk once', async () => {
    const chunk = deferred<FunctionComponent<{ name: string }>>()
    const load = jest.fn(() => chunk.promise)
    const Part = lazyPart(load, <Text className='waiting'>…</Text>)
    await render(<Part name='Li' />)
    expect($$('.waiting')).toHaveLength(1)
    expect($$('.greeting')).toHaveLength(0)

    chunk.resolve(Greeting)
    await flushPromises()
    expect(text('.greeting')).toBe('hello Li')
    expect($$('.waiting')).toHaveLength(0)

    await render(<Part name='Wang' />)
    expect($$('.greeting').map((el) => el.textContent)).toEqual(['hello Li', 'hello Wang'])
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('says the chunk failed to load, and asks for it again the next time the part is shown', async () => {
    const load = jest.fn<Promise<FunctionComponent<{ name: string }>>, []>().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue(Greeting)
    const Part = lazyPart(load)
    const first = await render(<Part name='Li' />)
    await flushPromises()
    expect($$('[role="alert"]').map((el) => el.textContent)).toEqual([t('common.loadFailed')])
    await first.unmount()

    await render(<Part name='Li' />)
    await flushPromises()
    expect(text('.greeting')).toBe('hello Li')
    expect(load).toHaveBeenCalledTimes(2)
  })
})
