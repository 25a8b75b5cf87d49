// The policies as one table: each kind of viewer against each kind of story (and comment, and person), every action,
// and the read rule's SQL form against its in-memory form on a real database.
import { and, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stories } from "../db/schema";
import { describeEachDb } from "../test/app";
import { createStory, createUser } from "../test/factories";
import * as commentPolicy from "./comment";
import * as storyPolicy from "./story";
import * as userPolicy from "./user";
import type { Decision, Viewer } from "./viewer";

const AUTHOR = 1;
const viewers: Record<string, Viewer> = {
  "signed out": null,
  "free reader": { id: 2, isPremium: false, role: "user" },
  "premium reader": { id: 3, isPremium: true, role: "user" },
  author: { id: AUTHOR, isPremium: false, role: "user" },
  "premium author": { id: AUTHOR, isPremium: true, role: "user" },
  moderator: { id: 4, isPremium: false, role: "moderator" },
};
const storyKinds: Record<string, storyPolicy.StoryFacts> = {
  draft: { authorId: AUTHOR, published: false, rating: "general" },
  general: { authorId: AUTHOR, published: true, rating: "general" },
  mature: { authorId: AUTHOR, published: true, rating: "mature" },
  moderated: { authorId: AUTHOR, published: true, rating: "general", moderated: true },
  // Issue 33: in an unrevealed collection (not yet revealed) maintained by viewer 3, the premium reader.
  unrevealed: { authorId: AUTHOR, published: true, rating: "general", unrevealed: true, maintainerIds: [3] },
};

type StoryAnswers = [
  read: boolean,
  edit: Decision,
  comment: Decision,
  report: Decision,
  download: Decision,
  exportIt: Decision,
  moderate: Decision,
];
const T = true;
const F = false;
const out = "signed_out";
// biome-ignore format: a table reads best one row a line
const STORY_TABLE: Record<string, Record<string, StoryAnswers>> = {
  "signed out": {
    draft: [F, out, out, out, "hidden", out, out],
    general: [T, out, out, out, T, out, out],
    mature: [F, out, out, out, "hidden", out, out],
    moderated: [F, out, out, out, "hidden", out, out],
    unrevealed: [F, out, out, out, "hidden", out, out],
  },
  "free reader": {
    draft: [F, "hidden", "hidden", "hidden", "hidden", "hidden", "forbidden"],
    general: [T, "hidden", T, T, T, "hidden", "forbidden"],
    mature: [F, "hidden", "hidden", "hidden", "hidden", "hidden", "forbidden"],
    moderated: [F, "hidden", "hidden", "hidden", "hidden", "hidden", "forbidden"],
    unrevealed: [F, "hidden", "hidden", "hidden", "hidden", "hidden", "forbidden"],
  },
  "premium reader": {
    draft: [F, "hidden", "hidden", "hidden", "hidden", "hidden", "forbidden"],
    general: [T, "hidden", T, T, T, "hidden", "forbidden"],
    mature: [T, "hidden", T, T, "hidden", "hidden", "forbidden"],
    moderated: [F, "hidden", "hidden", "hidden", "hidden", "hidden", "forbidden"],
    unrevealed: [T, "hidden", T, T, "hidden", "hidden", "forbidden"],
  },
  author: {
    draft: [F, T, "hidden", "hidden", "hidden", T, "forbidden"],
    general: [T, T, T, "self", T, T, "forbidden"],
    mature: [T, T, T, "self", "hidden", T, "forbidden"],
    moderated: [F, T, "hidden", "hidden", "hidden", T, "forbidden"],
    unrevealed: [T, T, T, "self", "hidden", T, "forbidden"],
  },
  "premium author": {
    draft: [F, T, "hidden", "hidden", "hidden", T, "forbidden"],
    general: [T, T, T, "self", T, T, "forbidden"],
    mature: [T, T, T, "self", "hidden", T, "forbidden"],
    moderated: [F, T, "hidden", "hidden", "hidden", T, "forbidden"],
    unrevealed: [T, T, T, "self", "hidden", T, "forbidden"],
  },
  moderator: {
    draft: [F, "hidden", "hidden", "hidden", "hidden", "hidden", T],
    general: [T, "hidden", T, T, T, "hidden", T],
    mature: [F, "hidden", "hidden", "hidden", "hidden", "hidden", T],
    moderated: [F, "hidden", "hidden", "hidden", "hidden", "hidden", T],
    unrevealed: [F, "hidden", "hidden", "hidden", "hidden", "hidden", T],
  },
};

const storyCases = Object.entries(STORY_TABLE).flatMap(([viewer, row]) =>
  Object.entries(row).map(([kind, answers]) => ({ viewer, kind, answers })),
);

describe("the story policy", () => {
  it.each(storyCases)("$viewer on a $kind story", ({ viewer, kind, answers }) => {
    const v = viewers[viewer]!;
    const s = storyKinds[kind]!;
    expect([
      storyPolicy.canRead(v, s),
      storyPolicy.canEdit(v, s),
      storyPolicy.canComment(v, s),
      storyPolicy.canReport(v, s),
      storyPolicy.canDownload(v, s, "public"),
      storyPolicy.canDownload(v, s, "export"),
      storyPolicy.canModerate(v),
    ]).toEqual(answers);
  });

  it("lets accepted co-creators edit a work and only its creator delete it (issue 30)", () => {
    const reader = viewers["free reader"]!;
    const author = viewers.author!;
    const coWritten = { ...storyKinds.draft!, coCreatorIds: [reader.id] };
    expect([storyPolicy.canEdit(reader, coWritten), storyPolicy.canDelete(reader, coWritten)]).toEqual([
      true,
      "forbidden",
    ]);
    expect([storyPolicy.canEdit(author, coWritten), storyPolicy.canDelete(author, coWritten)]).toEqual([T, T]);
    const other = viewers["premium reader"]!;
    expect([storyPolicy.canEdit(other, coWritten), storyPolicy.canDelete(other, coWritten)]).toEqual([
      "hidden",
      "hidden",
    ]);
    expect([storyPolicy.canEdit(null, coWritten), storyPolicy.canDelete(null, coWritten)]).toEqual([
      "signed_out",
      "signed_out",
    ]);
  });

  it("keeps a members-only work from signed-out visitors and nobody else", () => {
    const members = { ...storyKinds.general!, audience: "members" };
    expect(storyPolicy.canRead(null, members)).toBe(false);
    expect(storyPolicy.canComment(null, members)).toBe("signed_out");
    for (const name of ["free reader", "premium reader", "author", "moderator"]) {
      if (viewers[name] !== undefined) expect(storyPolicy.canRead(viewers[name]!, members), name).toBe(true);
    }
  });

  it("refuses a comment or a like when the story's author (or the answered writer) blocks the viewer", () => {
    const reader = viewers["free reader"]!;
    const general = storyKinds.general!;
    expect(storyPolicy.canComment(reader, general, { blockedBy: [AUTHOR] })).toBe("blocked");
    expect(storyPolicy.canComment(reader, general, { blockedBy: [9] })).toBe("blocked");
    // A mature story the reader may not read stays a missing story, block or not.
    expect(storyPolicy.canComment(reader, storyKinds.mature!, { blockedBy: [AUTHOR] })).toBe("hidden");
    expect(userPolicy.canInteract(reader, { id: AUTHOR }, { blockedBy: [AUTHOR] })).toBe("blocked");
    expect(userPolicy.canInteract(reader, { id: AUTHOR }, { blockedBy: [] })).toBe(true);
  });
});

describe("the comment policy", () => {
  const WRITER = 2;
  const comments: Record<string, commentPolicy.CommentFacts> = {
    visible: { authorId: WRITER, moderation: "visible" },
    held: { authorId: WRITER, moderation: "held" },
    hidden: { authorId: WRITER, moderation: "hidden" },
    "by a suspended writer": { authorId: WRITER, moderation: "visible", writerSuspended: true },
    "hidden by the viewer (blocked or muted)": { authorId: WRITER, moderation: "visible", hiddenByViewer: true },
  };
  type Answers = [read: boolean, edit: Decision, del: Decision, report: Decision, moderate: Decision];
  // On a general published story by AUTHOR; the writer is the free reader (id 2).
  // biome-ignore format: a table reads best one row a line
  const TABLE: [string, string, Answers][] = [
    ["signed out", "visible", [T, out, out, out, out]],
    ["free reader", "visible", [T, T, T, "self", "forbidden"]],
    ["free reader", "held", [T, T, T, "self", "forbidden"]],
    ["premium reader", "visible", [T, "forbidden", "forbidden", T, "forbidden"]],
    ["premium reader", "held", [F, "forbidden", "forbidden", "hidden", "forbidden"]],
    ["premium reader", "hidden", [F, "forbidden", "forbidden", "hidden", "forbidden"]],
    ["premium reader", "by a suspended writer", [F, "forbidden", "forbidden", "hidden", "forbidden"]],
    ["premium reader", "hidden by the viewer (blocked or muted)", [F, "forbidden", "forbidden", "hidden", "forbidden"]],
    ["author", "visible", [T, "forbidden", T, T, "forbidden"]],
    ["moderator", "held", [F, "forbidden", "forbidden", "hidden", T]],
  ];
  it.each(TABLE)("%s on a %s comment", (viewer, kind, answers) => {
    const v = viewers[viewer]!;
    const c = comments[kind]!;
    const s = storyKinds.general!;
    expect([
      commentPolicy.canRead(v, c, s),
      commentPolicy.canEdit(v, c, s),
      commentPolicy.canDelete(v, c, s),
      commentPolicy.canReport(v, c, s),
      commentPolicy.canModerate(v),
    ]).toEqual(answers);
  });

  it("on a story the viewer may no longer read: its writer cannot edit but still deletes; others see nothing", () => {
    const gone = storyKinds.moderated!;
    const c = comments.visible!;
    expect(commentPolicy.canEdit(viewers["free reader"]!, c, gone)).toBe("hidden");
    expect(commentPolicy.canDelete(viewers["free reader"]!, c, gone)).toBe(true);
    expect(commentPolicy.canDelete(viewers.author!, c, gone)).toBe(true);
    expect(commentPolicy.canDelete(viewers["premium reader"]!, c, gone)).toBe("hidden");
  });
});

describe("the user policy", () => {
  const person = { id: 2 };
  // biome-ignore format: a table reads best one row a line
  const TABLE: [string, [edit: Decision, report: Decision, moderate: Decision]][] = [
    ["signed out", [out, out, out]],
    ["free reader", [T, "self", "forbidden"]],
    ["premium reader", ["forbidden", T, "forbidden"]],
    ["moderator", ["forbidden", T, T]],
  ];
  it.each(TABLE)("%s about a person (id 2)", (viewer, answers) => {
    const v = viewers[viewer]!;
    expect([userPolicy.canEdit(v, person), userPolicy.canReport(v, person), userPolicy.canModerate(v)]).toEqual(
      answers,
    );
  });
});

describeEachDb("the read rule's SQL form", (ctx) => {
  it("finds exactly the stories the in-memory rule lets each kind of viewer read", async () => {
    const db = ctx().database.db;
    const author = await createUser(db);
    const suspended = await createUser(db, { suspendedUntil: new Date(Date.now() + 86_400_000) });
    const viewersHere: Viewer[] = [null, await createUser(db), await createUser(db, { isPremium: true }), author];
    const kinds: [storyPolicy.StoryFacts, Partial<typeof stories.$inferInsert>][] = [
      [{ authorId: author.id, published: false, rating: "general" }, { published: false }],
      [{ authorId: author.id, published: true, rating: "general" }, { published: true }],
      [
        { authorId: author.id, published: true, rating: "mature" },
        { published: true, rating: "mature" },
      ],
      [
        { authorId: author.id, published: true, rating: "general", moderated: true },
        { published: true, moderationHiddenAt: new Date() },
      ],
      [{ authorId: suspended.id, published: true, rating: "general", moderated: true }, { published: true }],
      [
        { authorId: author.id, published: true, rating: "general", audience: "members" },
        { published: true, audience: "members" },
      ],
      // Issue 33: unrevealed (its author reads it; no collection maintainer among these viewers).
      [
        { authorId: author.id, published: true, rating: "general", unrevealed: true },
        { published: true, unrevealed: true },
      ],
    ];
    const made = await Promise.all(kinds.map(([facts, row]) => createStory(db, { ...row, authorId: facts.authorId })));
    const ids = made.map((s) => s.id);
    for (const viewer of viewersHere) {
      const rows = await db
        .select({ id: stories.id })
        .from(stories)
        .where(and(storyPolicy.readableBy(viewer), inArray(stories.id, ids)));
      const bySql = made.map((s) => rows.some((r) => r.id === s.id));
      const inMemory = kinds.map(([facts]) => storyPolicy.canRead(viewer, facts));
      expect(bySql, `viewer ${viewer?.id ?? "signed out"}`).toEqual(inMemory);
    }
  });
});
