/** Page titles from the route table. */
export { useRouteTitle } from './pageTitle'
