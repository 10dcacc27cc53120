/** A record that completes a pattern: an SM20 record (user and time) or a change document (its key). */
export type CompletionKey = string;

/** Key of an SM20 record for completions. */
export function sm20CompletionKey(user: string, epoch: number): CompletionKey {
  return `S\u0001${user.trim().toUpperCase()}\u0001${epoch}`;
}

/** Key of a change document for completions. */
export function docCompletionKey(docKey: string): CompletionKey {
  return `D\u0001${docKey}`;
}
