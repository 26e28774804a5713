export { SocketProvider } from './SocketProvider';
export { useSocket, useSocketEvent, useSocketReconnected, type AppSocket, type SocketStatus } from './socketContext';
export { useOnlineStatus, useConnectionsOnline } from './useOnlineStatus';
export { useUnreadCounts, clearUnreadLocally } from './useUnreadCounts';
export type { ChatMessage, ReplyRef, LiveNotification } from './events';
