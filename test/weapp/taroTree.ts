/**
 * Reading and driving Taro's rendered tree inside miniprogram-simulate.
 *
 * The simulator only keeps id, class, style and data-* of built-in components, so an image's
 * `src` is not in its DOM. Taro renders every node from the page data (`root.cn…`), keyed by the
 * node's `sid` (also its `data-sid` attribute), with attributes under short keys (`p4`) that the
 * compiled base.wxml maps back to names: both are read here rather than hard-coded.
 */
import fs from 'fs'
import path from 'path'
import simulate from 'miniprogram-simulate'
import type { Component } from 'j-component'
import { DIST, type LoadedPage } from './harness'

export type SimNode = Component<Record<string, unknown>, Record<string, never>, Record<string, never>>

let baseWxml: string | undefined

/** The page-data key base.wxml binds `attribute` of the built-in `tag` to, e.g. image src -> 'p4'. */
function dataKey(tag: string, attribute: string): string {
  baseWxml ??= fs.readFileSync(path.join(DIST, 'base.wxml'), 'utf8')
  const match = new RegExp(`<${tag}\\s(?:[^>]*?\\s)?${attribute}="\\{\\{[^"}]*?\\bi\\.(\\w+)`).exec(baseWxml)
  if (!match) throw new Error(`base.wxml binds no ${attribute} on <${tag}>`)
  return match[1]
}

function findBySid(tree: unknown, sid: string): Record<string, unknown> | undefined {
  if (typeof tree !== 'object' || tree === null) return undefined
  const node = tree as Record<string, unknown>
  if (node.sid === sid) return node
  for (const value of Object.values(node)) {
    const found = findBySid(value, sid)
    if (found) return found
  }
  return undefined
}

/** The value Taro rendered for `attribute` of a built-in node (`image`, `video`, …). */
export function attributeOf(page: LoadedPage, node: SimNode, attribute: string): unknown {
  const dom = node.dom
  const sid = dom?.getAttribute('data-sid')
  if (!dom || !sid) throw new Error('not a Taro-rendered node')
  const tag = dom.tagName.toLowerCase().replace(/^wx-/, '')
  const data = findBySid(page.root.data, sid)
  if (!data) throw new Error(`no page data for node ${sid}`)
  return data[dataKey(tag, attribute)]
}

/**
 * The value bound to `attribute` of an element drawn by one of the app's own templates (the chat
 * row's frame, src/platform/components/messageFrameTemplate.ts): the element is not a Taro node,
 * its nearest Taro-rendered ancestor is, and the template (`tmpl_0_<its node name>` in base.wxml)
 * binds the attribute of the element with this class to one of that node's values.
 */
export function templateAttributeOf(page: LoadedPage, node: SimNode, attribute: string): unknown {
  const dom = node.dom
  const owner = dom?.parentElement?.closest('[data-sid]')
  const sid = owner?.getAttribute('data-sid')
  if (!dom || !sid) throw new Error('not inside a Taro-rendered node')
  const data = findBySid(page.root.data, sid)
  if (!data) throw new Error(`no page data for node ${sid}`)
  baseWxml ??= fs.readFileSync(path.join(DIST, 'base.wxml'), 'utf8')
  const name = `tmpl_0_${String(data.nn)}`
  const template = new RegExp(`<template name="${name}">([\\s\\S]*?)</template>`).exec(baseWxml)?.[1]
  if (!template) throw new Error(`base.wxml has no template ${name}`)
  const tag = dom.tagName.toLowerCase().replace(/^wx-/, '')
  // the simulator prefixes each class with its component's name (`main--`)
  const className = (dom.getAttribute('class') ?? '')
    .split(/\s+/)
    .map((name) => name.replace(/^[a-z0-9]+--/, ''))
    .join(' ')
  const element = new RegExp(`<${tag}\\s[^>]*\\bclass="${className}"[^>]*>`).exec(template)?.[0]
  const key = element && new RegExp(`\\s${attribute}="\\{\\{i\\.(\\w+)\\}\\}"`).exec(element)?.[1]
  if (!key) throw new Error(`${name} binds no ${attribute} on <${tag} class="${className}">`)
  return data[key]
}

/** The nodes matching `selector`, none or more. */
export function matching(page: LoadedPage, selector: string): SimNode[] {
  return page.root.querySelectorAll(selector) as SimNode[]
}

/** All nodes matching `selector`; throws when there are none, naming the selector. */
export function all(page: LoadedPage, selector: string): SimNode[] {
  const nodes = page.root.querySelectorAll(selector) as SimNode[]
  if (nodes.length === 0) throw new Error(`nothing matches ${selector}; page text: ${page.text().slice(0, 300)}`)
  return nodes
}

/** A tap as the mini-program delivers it; Taro turns it into the node's onClick. */
export async function tap(node: SimNode): Promise<void> {
  node.dispatchEvent('tap')
  // the simulator dispatches on a microtask; let React commit what the handler changed
  await simulate.sleep(0)
}

/** Typing into an input: the mini-program reports the whole value in `detail.value`. */
export async function typeInto(node: SimNode, value: string): Promise<void> {
  node.dispatchEvent('input', { detail: { value, cursor: value.length } })
  await simulate.sleep(0)
}

/** The page was scrolled to its end: Taro's useReachBottom handlers run (the lesson loads a page). */
export function reachBottom(page: LoadedPage): void {
  const onReachBottom = (page.root.instance as unknown as { onReachBottom?: () => void }).onReachBottom
  if (!onReachBottom) throw new Error('the page has no onReachBottom')
  onReachBottom.call(page.root.instance)
}
