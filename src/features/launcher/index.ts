/** The launcher's links to every built screen and seeded lesson. */
export { DEMO_SECTIONS } from './demoLinks'
export type { DemoLink } from './demoLinks'
export { LauncherScreen } from './LauncherScreen'
