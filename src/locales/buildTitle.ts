import { routeByName, type RouteName } from '../domain/routes'
import zhRoute from './zh-CN/route'

/**
 * A page's title at build time (page config `navigationBarTitleText`): the default-language entry
 * of its route's title key, so the route table and the locale stay the one source. At run time
 * `useRouteTitle` sets it again in the user's language.
 */
export function buildTimeTitle(name: RouteName): string {
  return zhRoute[routeByName(name).title as keyof typeof zhRoute] ?? ''
}
