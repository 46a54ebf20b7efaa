/** Modules the lido-messages Vite plugin makes: one namespace of one language's catalogue. */
declare module 'lido-messages:*' {
  import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
  const messages: Record<string, CompiledMessage>;
  export default messages;
}
