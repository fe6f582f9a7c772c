import TestUtils from '@tarojs/test-utils-react'
import { StateView } from '../../../src/ui/StateView'

describe('StateView', () => {
  let testUtils: TestUtils
  beforeEach(() => {
    testUtils = new TestUtils()
  })
  afterEach(() => testUtils.unmout())

  it('shows the title, the detail and an action that calls back', async () => {
    const onAction = jest.fn()
    await testUtils.mount(StateView, { props: { kind: 'error', title: 'Failed', detail: 'network down', actionText: 'Retry', onAction } })
    const html = testUtils.html()
    expect(html).toContain('Failed')
    expect(html).toContain('network down')
    const button = await testUtils.queries.waitForQuerySelector('.state-view__action')
    testUtils.fireEvent.click(button)
    expect(onAction).toHaveBeenCalledTimes(1)
  })

  it('has no action button without a handler', async () => {
    await testUtils.mount(StateView, { props: { kind: 'empty', title: 'Nothing here', actionText: 'Retry' } })
    expect(testUtils.html()).toContain('Nothing here')
    expect(document.querySelector('.state-view__action')).toBeNull()
  })
})
