export { ChatDialog, type ChatDialogProps, type ChatDialogUser } from './ChatDialog';
export { MessagesPage } from './MessagesPage';
