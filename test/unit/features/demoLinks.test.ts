import { DEMO_SECTIONS } from '../../../src/features/launcher/demoLinks'
import { resolvePath, routeByName, toH5Path, toPageUrl } from '../../../src/domain/routes'

const links = DEMO_SECTIONS.flatMap((section) => section.links)

describe('launcher demo links', () => {
  it.each(links.map((link) => [link.label, link] as const))('%s opens its page with its parameters', (_, link) => {
    const pageUrl = toPageUrl(link.route, link.params)
    const viaPage = resolvePath(pageUrl)
    expect(viaPage?.route.name).toBe(routeByName(link.route).name)
    expect(viaPage?.route.page).toBe(routeByName(link.route).page)
    const viaH5 = resolvePath(toH5Path(link.route, link.params))
    expect(viaH5?.route.name).toBe(routeByName(link.route).name)
    for (const [key, value] of Object.entries(link.params ?? {})) {
      if (value !== undefined) expect(viaH5?.params[key]).toBe(String(value))
    }
  })

  it('has no duplicate links', () => {
    const urls = links.map((link) => toPageUrl(link.route, link.params))
    expect(new Set(urls).size).toBe(urls.length)
  })
})
