/**
 * The WeChat accounts of the stand-ins' personas (./standin.ts): a persona's openid in the
 * official account and in the mini-program, and its unionid, the same in both, except for names
 * that begin with `solo-` (an app no open platform account binds: no unionid). The demo's seed
 * links the demo users' accounts (server/login/seed.ts), so logging in as `wm_buyer` is the buyer.
 */
export const personaOpenid = (kind: 'oa' | 'mini', persona: string): string => `dev-${kind}-${persona}`

export const personaUnionid = (persona: string): string | undefined => (persona.startsWith('solo-') ? undefined : `dev-union-${persona}`)
