import { useEffect } from 'react'
import Taro from '@tarojs/taro'
import { routeByName, type RouteName } from '../../domain/routes'
import { t } from '../../locales'

/** A route's title from the table, in the current language. */
export function routeTitle(name: RouteName): string {
  return t(routeByName(name).title as Parameters<typeof t>[0])
}

/**
 * Sets the page title from the route table. H5 pages reached through a path pattern do not get
 * their page-config title, so every page sets it in code.
 */
export function useRouteTitle(name: RouteName, override?: string): void {
  useEffect(() => {
    const title = override || routeTitle(name)
    if (title) void Taro.setNavigationBarTitle({ title })
  }, [name, override])
}
