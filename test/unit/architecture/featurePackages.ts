import type { RoutePackage } from '../../../src/domain/routes'

/**
 * Which mini-program package each feature of src/features belongs to. A feature of a subpackage is
 * reached only from that subpackage's pages; main features may be used by every package. A new feature
 * folder must be listed here (the boundary test fails until it is), and docs/ARCHITECTURE.md says how.
 */
export const FEATURE_PACKAGES: Readonly<Record<string, RoutePackage>> = {
  access: 'main',
  launcher: 'main',
  home: 'main',
  offline: 'main',
  lesson: 'main',
  login: 'main',
  player: 'main',
  profile: 'main',
  purchase: 'main',
  routing: 'main',
  visit: 'main',
  audioFile: 'misc',
  circle: 'misc',
  live: 'live',
  money: 'money',
  vip: 'vip',
  album: 'misc',
  invite: 'invite',
  speech: 'misc',
  tools: 'misc',
  transcript: 'misc',
}
