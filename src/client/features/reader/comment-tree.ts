// Threads from the loaded comments (framework-free). Pages come oldest first, so a reply's parent is always loaded
// before it. Three levels are drawn; a reply deeper than that sits among the third level's replies, in order,
// saying whom it answers.
import { COMMENT_DRAWN_LEVELS, type CommentView } from "../../../shared/schemas/reading";

export interface ThreadNode {
  comment: CommentView;
  /** 1 for a top-level comment, at most COMMENT_DRAWN_LEVELS. */
  level: number;
  /** Whom a flattened reply answers (it is not drawn under that comment); null otherwise. */
  replyTo: string | null;
  replies: ThreadNode[];
}

/** What a comment without its text is drawn as: deleted by its writer, or hidden from this viewer (issue 18). */
export function placeholder(comment: CommentView): string {
  return comment.hidden ? "[hidden]" : "[deleted]";
}

export function buildThreads(items: CommentView[]): ThreadNode[] {
  const nodes = new Map<number, ThreadNode>();
  const roots: ThreadNode[] = [];
  for (const comment of items) {
    const parent = comment.parentId === null ? undefined : nodes.get(comment.parentId);
    if (!parent) {
      const node: ThreadNode = { comment, level: 1, replyTo: null, replies: [] };
      nodes.set(comment.id, node);
      roots.push(node);
      continue;
    }
    const flattened = parent.level >= COMMENT_DRAWN_LEVELS;
    const node: ThreadNode = {
      comment,
      level: Math.min(parent.level + 1, COMMENT_DRAWN_LEVELS),
      replyTo: flattened ? (parent.comment.author?.username ?? placeholder(parent.comment)) : null,
      replies: [],
    };
    nodes.set(comment.id, node);
    // NOTE: a flattened reply joins its parent's own list (the parent is on the last drawn level already).
    (flattened ? (findHolder(nodes, parent) ?? parent) : parent).replies.push(node);
  }
  return roots;
}

/** The node whose replies list holds `node` when `node` is on the last drawn level. */
function findHolder(nodes: Map<number, ThreadNode>, node: ThreadNode): ThreadNode | undefined {
  let holder = node.comment.parentId === null ? undefined : nodes.get(node.comment.parentId);
  while (holder && holder.level >= COMMENT_DRAWN_LEVELS && holder.comment.parentId !== null) {
    holder = nodes.get(holder.comment.parentId);
  }
  return holder;
}

/**
 * The loaded comments after a deletion, as the server leaves them: a comment with replies becomes '[deleted]';
 * one without goes, and so does every placeholder that thereby lost its last reply.
 */
export function applyDeletion(items: CommentView[], id: number): CommentView[] {
  const hasReplies = (cid: number, list: CommentView[]) => list.some((c) => c.parentId === cid);
  if (hasReplies(id, items)) {
    return items.map((c) =>
      c.id === id
        ? {
            ...c,
            deleted: true,
            content: "",
            author: null,
            byStoryAuthor: false,
            editedAt: null,
            canDelete: false,
            canEdit: false,
          }
        : c,
    );
  }
  let next = items.filter((c) => c.id !== id);
  let parentId = items.find((c) => c.id === id)?.parentId ?? null;
  while (parentId !== null) {
    const parent = next.find((c) => c.id === parentId);
    if (!parent?.deleted || hasReplies(parent.id, next)) break;
    next = next.filter((c) => c.id !== parent.id);
    parentId = parent.parentId;
  }
  return next;
}
