/**
 * A page's first screen in the built app shell (issue 16): markup the server writes from the
 * page's data (lesson/firstScreen.ts) shows before the app's scripts have run, styled by the rules
 * of the page's stylesheets it uses, which the build writes to `first-screen.json`
 * (config/firstScreen.ts) and which go inline: the screen waits for none of the page's files.
 *
 * A voice tapped on it before the app has taken over is not lost: an inline script keeps the tap
 * and the app plays it when it takes over (TAP_SCRIPT).
 *
 * The shell's deferred scripts would run as soon as the document is parsed, in the same task,
 * so nothing would be painted before them: a slow phone would still wait for the app. They
 * become preloads (downloading as before) and start after the first frame has been drawn.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { FIRST_SCREEN_ID, FIRST_SCREEN_MANIFEST, FIRST_SCREEN_TAPS, FIRST_SCREEN_VOICE } from '../../src/domain/firstScreen'

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

/**
 * Keeps a tap (or Enter, Space) on a first-screen voice for the app (src/domain/firstScreen.ts
 * FirstScreenTaps): the bubble shows loading at once, a second tap on it takes it back, a tap on
 * another voice replaces it. Inline in the head, so the rows are tappable from their first paint;
 * the app plays the kept voice when its lesson page takes over, then stops this listening.
 */
const TAP_SCRIPT =
  `<script>(function(){var d=document,k=${JSON.stringify(FIRST_SCREEN_VOICE)},s={voice:undefined,stop:function(){` +
  `d.removeEventListener('click',on,true);d.removeEventListener('keydown',on,true)}};window.${FIRST_SCREEN_TAPS}=s;` +
  `function mark(b,on){b.classList[on?'add':'remove']('voice-cell--loading');b.setAttribute('aria-pressed',on?'true':'false')}` +
  `function on(e){if(e.type==='keydown'&&e.key!=='Enter'&&e.key!==' ')return;var t=e.target,b=t&&t.closest?t.closest('['+k+']'):null;` +
  `if(!b)return;e.preventDefault();var id=b.getAttribute(k),was=s.voice;d.querySelectorAll('['+k+']').forEach(function(o){mark(o,false)});` +
  `s.voice=was===id?undefined:id;if(s.voice)mark(b,true)}` +
  `d.addEventListener('click',on,true);d.addEventListener('keydown',on,true)})()</script>`

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
    .replace('</head>', () => `<style>${style}${PLACEMENT}</style>${TAP_SCRIPT}</head>`)
    .replace('<body>', () => `<body><div id="${FIRST_SCREEN_ID}" tabindex="0">${markup}</div>`)
    .replace('</body>', () => `${loader(scripts)}</body>`)
}
