import { notFound, refused } from '@circuit/shared/commands/domain-errors';

/** The messages of comments, whatever is commented on (spec 1's wording). */
export const CommentMessages = {
  notFound: 'Comment not found',
  empty: 'Comment cannot be empty',
} as const;

/**
 * The text a comment or reply records: trimmed, refused when blank, and a reply only to a
 * top-level comment (replies are one level deep). `topLevel`: the ids of the subject's top-level comments.
 */
export function commentText(text: string, parentId: string | null, topLevel: readonly string[]): string {
  const trimmed = text.trim();
  if (!trimmed) throw refused(CommentMessages.empty);
  if (parentId !== null && !topLevel.includes(parentId)) throw notFound(CommentMessages.notFound);
  return trimmed;
}

/** The top-level comment ids after a comment event: a reply adds none. */
export const withComment = (topLevel: string[], comment: { commentId: string; parentId: string | null }): string[] =>
  comment.parentId === null ? [...topLevel, comment.commentId] : topLevel;
