import Taro from '@tarojs/taro'
import { toPageUrl, type RouteAlias, type RouteName, type RouteParams } from '../../domain/routes'

/**
 * Going to a page of the route table by its name (src/domain/routes.ts `toPageUrl`). Taro's page
 * stack is the same API in both builds (H5 maps the page URL onto the route's first alias). A
 * failed navigation is not handled: Taro's promise is dropped and the reader stays where they are.
 */

/** Opens the route's page on top of this one (`Taro.navigateTo`). */
export function navigate(route: RouteName | RouteAlias, params?: RouteParams): void {
  void Taro.navigateTo({ url: toPageUrl(route, params) })
}

/** Replaces this page with the route's page (`Taro.redirectTo`): Back skips this one. */
export function redirect(route: RouteName | RouteAlias, params?: RouteParams): void {
  void Taro.redirectTo({ url: toPageUrl(route, params) })
}

/** Closes every page and opens the route's page (`Taro.reLaunch`). */
export function relaunch(route: RouteName | RouteAlias, params?: RouteParams): void {
  void Taro.reLaunch({ url: toPageUrl(route, params) })
}
