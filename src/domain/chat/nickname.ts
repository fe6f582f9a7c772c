/**
 * Spec 001 §5: chat nicknames that look like personal messaging IDs are masked after 5 characters
 * with three asterisks. "Looks like an ID": one unbroken run of 6 to 64 ASCII letters, digits,
 * `_` or `-` holding at least one digit (a WeChat id such as `wxid_k3j2h1`, a QQ or phone number);
 * names with spaces, other scripts or no digit are names people chose and stay as they are.
 */
const MESSAGING_ID = /^(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{6,64}$/
const VISIBLE = 5
const MASK = '***'

export function looksLikeMessagingId(nick: string): boolean {
  return MESSAGING_ID.test(nick)
}

export function maskNickname(nick: string): string {
  return looksLikeMessagingId(nick) ? `${nick.slice(0, VISIBLE)}${MASK}` : nick
}
