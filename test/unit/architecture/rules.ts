import type { RoutePackage } from '../../../src/domain/routes'
import { featureOf, isFeatureEntry, packageDirOf, within, type ImportEdge } from './imports'

/** The layers below features: what each may not reach. */
const FORBIDDEN: ReadonlyArray<{ layer: string; rule: string; forbidden: readonly string[] }> = [
  { layer: 'src/api', rule: 'api never imports stores, features, ui or the app', forbidden: ['src/stores', 'src/features', 'src/ui', 'src/app', 'src/pages', 'src/packages'] },
  { layer: 'src/platform', rule: 'platform never imports api, stores, features, ui or the app', forbidden: ['src/stores', 'src/features', 'src/ui', 'src/app', 'src/pages', 'src/packages', 'src/api'] },
  { layer: 'src/stores', rule: 'app-global stores never import features, ui or the app', forbidden: ['src/features', 'src/ui', 'src/app', 'src/pages', 'src/packages'] },
  { layer: 'src/ui', rule: 'the UI kit never imports stores, features, api or the app', forbidden: ['src/stores', 'src/features', 'src/api', 'src/app', 'src/pages', 'src/packages'] },
]

/**
 * The import rules of docs/ARCHITECTURE.md "Boundaries". Answers one line per broken rule:
 * `<importer> -> <specifier>: <rule>`.
 */
export function boundaryViolations(edges: readonly ImportEdge[], featurePackages: Readonly<Record<string, RoutePackage>>): string[] {
  const out: string[] = []
  const report = (edge: ImportEdge, rule: string) => out.push(`${edge.from} -> ${edge.specifier}: ${rule}`)
  const packageOf = (file: string): RoutePackage | undefined => {
    const feature = featureOf(file)
    if (feature !== undefined) return featurePackages[feature]
    const pkg = packageDirOf(file)
    return pkg === undefined ? undefined : (pkg as RoutePackage)
  }

  for (const edge of edges) {
    const { from, target } = edge
    if (within(from, 'src/domain')) {
      if (target === undefined || !(within(target, 'src/domain') || within(target, 'types'))) {
        report(edge, 'domain imports only types/ and itself')
      }
      continue
    }
    if (within(from, 'types')) {
      if (target === undefined || !within(target, 'types')) report(edge, 'types/ imports only types/')
      continue
    }
    if (target === undefined) continue
    for (const { layer, rule, forbidden } of FORBIDDEN) {
      if (within(from, layer) && forbidden.some((dir) => within(target, dir))) report(edge, rule)
    }
    const targetFeature = featureOf(target)
    if (targetFeature !== undefined && featureOf(from) !== targetFeature) {
      if (!isFeatureEntry(target, targetFeature)) report(edge, `another feature is imported only through its index.ts (src/features/${targetFeature})`)
      const pkg = featurePackages[targetFeature]
      if (pkg !== undefined && pkg !== 'main' && packageOf(from) !== pkg) {
        report(edge, `feature ${targetFeature} belongs to the ${pkg} package: only that package reaches it`)
      }
    }
    const targetPackageDir = packageDirOf(target)
    if (targetPackageDir !== undefined && packageDirOf(from) !== targetPackageDir) {
      report(edge, `src/packages/${targetPackageDir} (its pages and composition) is reached only from its own pages`)
    }
    if (within(target, 'src/im') && !within(from, 'src/im') && packageOf(from) !== 'live') {
      report(edge, 'only the live package reaches src/im/')
    }
  }
  return out
}
