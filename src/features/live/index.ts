/** The live package's chat area (the live pages are built on it). */
export { CHAT_BATCH_MS, CHAT_LIST_LIMIT, LiveChatStore } from './LiveChatStore'
export type { ChatItem, ChatItemState, LiveChatOptions } from './LiveChatStore'
export { LiveEndScreen } from './LiveEndScreen'
export { SubscriptionsScreen } from './SubscriptionsScreen'
export { SubscriptionsStore } from './SubscriptionsStore'
export type { SubscriptionRow } from './SubscriptionsStore'
