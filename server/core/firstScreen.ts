/**
 * A page's first screen in the built app shell (issue 16): markup the server writes from the
 * page's data (lesson/firstScreen.ts) shows before the app's scripts have run, styled by the rules
 * of the page's stylesheets it uses, which the build writes to `first-screen.json`
 * (config/firstScreen.ts) and which go inline: the screen waits for none of the page's files.
 *
 * The shell's deferred scripts would run as soon as the document is parsed, in the same task,
 * so nothing would be painted before them: a slow phone would still wait for the app. They
 * become preloads (downloading as before) and start after the first frame has been drawn.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { FIRST_SCREEN_ID, FIRST_SCREEN_MANIFEST } from '../../src/domain/firstScreen'

/** html-webpack-plugin's tag for an entry script, as Taro's H5 build writes it. */
const DEFERRED_SCRIPT = /<script defer(?:="defer")? src="([^"<>]+)"><\/script>/g

/** Drawn above the app's page until the app removes it; it scrolls on its own. */
const PLACEMENT = `#${FIRST_SCREEN_ID}{position:fixed;top:0;right:0;bottom:0;left:0;z-index:1000;overflow-y:auto}`

/**
 * The first screen's rules from `first-screen.json`; none when the build wrote no manifest, an
 * unreadable one, or rules that could end the style element they go in.
 */
export function firstScreenStyle(staticDir: string): string {
  try {
    const manifest: unknown = JSON.parse(readFileSync(join(staticDir, FIRST_SCREEN_MANIFEST), 'utf8'))
    const style = typeof manifest === 'object' && manifest !== null ? (manifest as { style?: unknown }).style : undefined
    return typeof style === 'string' && !/<\//.test(style) ? style : ''
  } catch {
    return ''
  }
}

/** The loader: the scripts in their order, after the next frame (or a timer, in a hidden tab). */
function loader(scripts: readonly string[]): string {
  const list = JSON.stringify(scripts).replace(/</g, '\\u003c')
  return (
    `<script>(function(){var s=${list},d=0;function go(){if(d)return;d=1;s.forEach(function(u){` +
    `var e=document.createElement('script');e.src=u;e.async=false;document.head.appendChild(e)})}` +
    `requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,250)})()</script>`
  )
}

/**
 * The shell with `markup` as its first screen; undefined when the shell is not the shape the
 * build writes (no deferred script, no head or body), so the caller answers the plain shell.
 */
export function withFirstScreen(shell: string, markup: string, style: string): string | undefined {
  const scripts: string[] = []
  const preloaded = shell.replace(DEFERRED_SCRIPT, (_tag, src: string) => {
    scripts.push(src)
    return `<link rel="preload" as="script" href="${src}">`
  })
  if (scripts.length === 0 || !preloaded.includes('</head>') || !preloaded.includes('<body>') || !preloaded.includes('</body>')) return undefined
  // replacer functions: `$&` and the like in a message's text stay text
  return preloaded
    .replace('</head>', () => `<style>${style}${PLACEMENT}</style></head>`)
    .replace('<body>', () => `<body><div id="${FIRST_SCREEN_ID}" tabindex="0">${markup}</div>`)
    .replace('</body>', () => `${loader(scripts)}</body>`)
}
