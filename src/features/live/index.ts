/** The live package's chat area (the live pages are built on it). */
export { CHAT_BATCH_MS, CHAT_LIST_LIMIT, LiveChatStore } from './LiveChatStore'
export type { ChatItem, ChatItemState, LiveChatOptions } from './LiveChatStore'
