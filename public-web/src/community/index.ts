export { CommunityChatSection } from './CommunityChatSection';
