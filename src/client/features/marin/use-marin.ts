// The assistant pane's state: the conversation, the running request (chat or generation, one at a time), the
// daily limit, and the writing tools. The rules live in marin-rules.ts; this hook wires them to React and the editor.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { MARIN_LIMITS } from "../../../shared/schemas/marin";
import type { StoryView } from "../../../shared/schemas/story";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import type { StoredChatMessage } from "../../../shared/schemas/marin-chat";
import {
  clearStoredChat,
  isAbortError,
  isDailyLimitError,
  isPremiumRequiredError,
  streamChat,
  streamGeneration,
} from "./api";
import { type ChatMessage, chatHistory, forgetLegacyNotes, loadLegacyNotes, mergeChat, newMessage } from "./chat-log";
import { chooseAnswerVersion, historyBefore, isFull, stepped, withVersion } from "./answer-versions";
import { createTurnKeeper } from "./chat-turns";
import type { EditorBridge, InsertedText } from "./editor-bridge";
import {
  chapterFromBeatsRun,
  alternativeRun,
  continueRun,
  FAILURE_TITLES,
  type GenerateRequest,
  type GenerationRun,
  openingSceneRun,
  partialAnswer,
  regenerateRun,
  rewriteRun,
  storyContextOf,
  stoppedNote,
  storyHasContent,
  type VersionGroup,
  writeRun,
} from "./generation-runs";
import {
  type Allowance,
  greetingKind,
  greetingText,
  limitState,
  newSeed,
  type Route,
  routeMessage,
} from "./marin-rules";
import { useApplyAllowance, useMarinStatus } from "./queries";
import type { RequestOptions } from "./response-options";
import { resolveStoredId } from "./thread-api";

export type Busy = { kind: "chat" | "generate"; messageId: string } | null;

/** Said after the server's 403 message when a premium option was refused. */
export const OPTIONS_RESET_NOTE = "Marin's response options are back to the defaults.";

export interface MarinOptions {
  /** The FicForge Plus options every request carries (none for free users). */
  request: RequestOptions;
  /** The server refused them (403 PREMIUM_REQUIRED): the plan has ended. */
  onPremiumRequired: () => void;
}

const NO_OPTIONS: MarinOptions = { request: {}, onPremiumRequired: () => {} };

/** The pane's notes after a failed generation and after the pane's Undo. */
export const GENERATION_FAILED_NOTE = "That didn't work, so nothing was added to your story.";
export const UNDO_NOTE = "Undid my last change to your story.";

/** Said when another version of a chat answer, or a step between versions, failed. */
export const VERSION_FAILED_TITLE = "Couldn't get another version";
export const STEP_FAILED_TITLE = "Couldn't show that version";
export const ANSWER_NOT_KEPT_YET = "That answer is still being saved. Try again in a moment.";

/** Said when 'Clear chat' failed. */
export const CLEAR_FAILED_TITLE = "Couldn't clear the chat";

export function useMarin(
  story: StoryView,
  bridge: EditorBridge | null,
  options: MarinOptions = NO_OPTIONS,
  /** The conversation the server keeps for this story (the pane reads it before it starts). */
  storedChat: readonly StoredChatMessage[] = [],
  /** The chat thread shown (issue 32), where every turn is kept; null is the story's main one. */
  threadId: number | null = null,
) {
  const status = useMarinStatus();
  const applyAllowance = useApplyAllowance();
  const [hitLimit, setHitLimit] = useState(false);
  const [limitDialogOpen, setLimitDialogOpen] = useState(false);
  const [busy, setBusy] = useState<Busy>(null);
  const busyRef = useRef<Busy>(null);
  const controllerRef = useRef<AbortController | null>(null);
  /** The request the writer stopped (not one dropped because the pane went away). */
  const stoppedRef = useRef<AbortController | null>(null);
  const lastGenerationRef = useRef<GenerateRequest | null>(null);
  const [canRegenerate, setCanRegenerate] = useState(false);
  // The versions of the latest generation (issue 32), until the writer keeps one, writes on, or asks for another.
  const [versions, setVersionsState] = useState<VersionGroup | null>(null);
  const versionsRef = useRef<VersionGroup | null>(null);
  const setVersions = (group: VersionGroup | null) => {
    versionsRef.current = group;
    setVersionsState(group);
  };
  /** True while Marin itself changes the story (a commit, a step), so only the writer's own edits end the choice. */
  const ownChangeRef = useRef(false);
  const asOwnChange = <T>(change: () => T): T => {
    ownChangeRef.current = true;
    try {
      return change();
    } finally {
      ownChangeRef.current = false;
    }
  };
  /** Bumped each time Marin changes the story (an insertion, text kept after Stop, an Undo). */
  const [storyChanges, setStoryChanges] = useState(0);
  const changedStory = () => setStoryChanges((n) => n + 1);

  // The conversation: the server's (with an older browser's notes among it), or a fresh greeting (a note, not an AI
  // call). Every turn shown is kept on the server in order: the chat route keeps questions and replies, the keeper
  // the rest.
  const keeper = useMemo(() => createTurnKeeper(story.id, undefined, threadId), [story.id, threadId]);
  const hadChatAtOpen = useRef<boolean | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>(() => {
    const saved = mergeChat(storedChat, loadLegacyNotes(story.id));
    hadChatAtOpen.current = saved.length > 0;
    if (saved.length > 0) return saved;
    const kind = greetingKind(story, storyHasContent(story.content));
    return [newMessage("assistant", greetingText(kind, story.title), true)];
  });
  const greetingKept = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the greeting is kept once, as the pane opened with it
  useEffect(() => {
    if (hadChatAtOpen.current || greetingKept.current || !messages[0]) return;
    greetingKept.current = true;
    // NOTE: only into an empty chat, so two devices opening a new story at once keep one greeting.
    void keeper.keep({ role: "assistant", content: messages[0].content, note: true, onlyIfEmpty: true });
  }, [keeper]);

  const allowance: Allowance | null = status.data
    ? {
        showPromptCount: status.data.showPromptCount,
        promptsLeft: status.data.promptsLeft,
        dailyLimit: status.data.dailyLimit,
      }
    : null;
  const limit = limitState(allowance, hitLimit);
  const lockedRef = useRef(limit.locked);
  lockedRef.current = limit.locked;
  const bridgeRef = useRef(bridge);
  bridgeRef.current = bridge;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  /** The model's label, for text kept after Stop (the status may arrive while a generation runs). */
  const modelRef = useRef("");
  modelRef.current = status.data?.model ?? modelRef.current;

  const patchMessage = useCallback((id: string, patch: Partial<ChatMessage> | null) => {
    setMessages((all) =>
      patch === null ? all.filter((m) => m.id !== id) : all.map((m) => (m.id === id ? { ...m, ...patch } : m)),
    );
  }, []);
  /** A generation's note says what it did, and is kept. */
  const settleNote = (id: string, content: string) => {
    patchMessage(id, { content, timestamp: new Date().toISOString() });
    void keeper.keep({ role: "assistant", content, note: true });
  };

  const start = (kind: "chat" | "generate", messageId: string) => {
    const controller = new AbortController();
    controllerRef.current = controller;
    busyRef.current = { kind, messageId };
    setBusy(busyRef.current);
    return controller;
  };
  const finish = () => {
    controllerRef.current = null;
    busyRef.current = null;
    setBusy(null);
  };
  /** A 429 with dailyLimit: the chat locks and the dialog opens instead of a toast. */
  const reachLimit = () => {
    setHitLimit(true);
    applyAllowance({ showPromptCount: true, promptsLeft: 0 });
    setLimitDialogOpen(true);
  };
  const context = () => storyContextOf(story, bridgeRef.current);
  /** A refused premium option: say so, fall back to the defaults and read the user again. */
  const premiumRequired = (title: string, error: unknown) => {
    optionsRef.current.onPremiumRequired();
    toast({ title, description: `${errorMessage(error)} ${OPTIONS_RESET_NOTE}`, variant: "destructive" });
  };

  /** A generation landed: a new group of versions, or one more version of the group shown. */
  function landVersion(run: GenerationRun, answer: InsertedText & { generationId?: number }) {
    const group = versionsRef.current;
    if (run.request.alternativeOf !== undefined && group) {
      setVersions({ ...group, versions: [...group.versions, answer], shown: group.versions.length });
    } else if (answer.generationId !== undefined) {
      setVersions({ request: run.request, firstId: answer.generationId, versions: [answer], shown: 0 });
    } else setVersions(null);
  }

  // Writing on accepts the version shown: the choice ends, the text keeps it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: setVersions only writes a ref and a state setter
  useEffect(
    () =>
      bridge?.onTextChange(() => {
        if (!ownChangeRef.current && !busyRef.current && versionsRef.current) setVersions(null);
      }),
    [bridge],
  );

  async function generate(run: GenerationRun): Promise<void> {
    const editor = bridgeRef.current;
    if (!editor || busyRef.current || lockedRef.current) return;
    const insertion = editor.begin(run.place);
    const note = newMessage("assistant", run.pending, true);
    setMessages((all) => [...all, note]);
    const controller = start("generate", note.id);
    const { isAutoGenerated = false, ...request } = run.request;
    let textSoFar = "";
    try {
      // NOTE: a generation takes the response length; the chat style is a chat option (GenerateBody has no chatStyle).
      const { length } = optionsRef.current.request;
      const answer = await streamGeneration(
        { ...request, storyId: story.id, storyContext: context(), isAutoGenerated, seed: newSeed(), length },
        {
          signal: controller.signal,
          onDelta: (_text, soFar) => {
            textSoFar = soFar;
            insertion.update(soFar);
          },
        },
      );
      asOwnChange(() => insertion.commit(answer));
      changedStory();
      applyAllowance(answer);
      landVersion(run, answer);
      lastGenerationRef.current = run.request;
      setCanRegenerate(true);
      settleNote(note.id, run.done(answer));
    } catch (error) {
      if (isAbortError(error) || controller.signal.aborted) {
        // Stop keeps what was written (it was paid for); a pane going away drops it.
        const kept =
          stoppedRef.current === controller && textSoFar.trim() !== ""
            ? partialAnswer(run, textSoFar, modelRef.current || "Marin")
            : null;
        if (kept) {
          asOwnChange(() => insertion.commit(kept));
          changedStory();
          landVersion(run, kept);
          lastGenerationRef.current = run.request;
          setCanRegenerate(true);
        } else insertion.cancel();
        settleNote(note.id, stoppedNote(kept));
        // Whether the server charged or refunded it, the counter asks again.
        void status.refetch();
        return;
      }
      insertion.cancel();
      if (isDailyLimitError(error)) {
        patchMessage(note.id, null);
        reachLimit();
      } else if (isPremiumRequiredError(error)) {
        settleNote(note.id, GENERATION_FAILED_NOTE);
        premiumRequired(run.failTitle, error);
      } else {
        settleNote(note.id, GENERATION_FAILED_NOTE);
        toast({ title: run.failTitle, description: errorMessage(error), variant: "destructive" });
      }
    } finally {
      finish();
    }
  }

  async function chat(text: string, history: ChatMessage[]): Promise<void> {
    const reply = newMessage("assistant", "");
    setMessages((all) => [...all, reply]);
    const controller = start("chat", reply.id);
    try {
      await keeper.idle();
      const answer = await streamChat(
        {
          storyId: story.id,
          storyContext: context(),
          isAutoGenerated: false,
          seed: newSeed(),
          messages: chatHistory(history, text),
          ...optionsRef.current.request,
          ...(threadId === null ? {} : { threadId }),
        },
        { signal: controller.signal, onDelta: (_text, soFar) => patchMessage(reply.id, { content: soFar }) },
      );
      applyAllowance(answer);
      patchMessage(reply.id, { content: answer.response, timestamp: new Date().toISOString() });
    } catch (error) {
      if (isDailyLimitError(error)) {
        patchMessage(reply.id, null);
        reachLimit();
      } else if (isPremiumRequiredError(error)) {
        patchMessage(reply.id, null);
        premiumRequired(FAILURE_TITLES.chat, error);
      } else {
        // Whatever arrived before Stop or a failure stays; an empty bubble goes.
        setMessages((all) => all.filter((m) => m.id !== reply.id || m.content.trim() !== ""));
        if (!isAbortError(error) && !controller.signal.aborted) {
          toast({ title: FAILURE_TITLES.chat, description: errorMessage(error), variant: "destructive" });
        }
      }
    } finally {
      finish();
    }
  }

  /** 'Another version' and the steps between versions of Marin's chat answers (issue 32). */
  const answers = {
    /** Asks again for the answer at `index` with the conversation before it; the reply streams in its place. */
    async another(index: number): Promise<void> {
      const shown = messages;
      const message = shown[index];
      const history = historyBefore(shown, index);
      if (!message || !history || isFull(message) || busyRef.current || lockedRef.current) return;
      const original = { content: message.content, versions: message.versions, chosen: message.chosen };
      const controller = start("chat", message.id);
      let soFar = "";
      try {
        await keeper.idle();
        const storedId = await resolveStoredId(story.id, threadId, shown, index);
        if (!storedId) {
          toast({ title: VERSION_FAILED_TITLE, description: ANSWER_NOT_KEPT_YET, variant: "destructive" });
          return;
        }
        patchMessage(message.id, { content: "" });
        const answer = await streamChat(
          {
            storyId: story.id,
            storyContext: context(),
            isAutoGenerated: false,
            seed: newSeed(),
            messages: history,
            ...optionsRef.current.request,
            ...(threadId === null ? {} : { threadId }),
            versionOf: storedId,
          },
          {
            signal: controller.signal,
            onDelta: (_text, text) => {
              soFar = text;
              patchMessage(message.id, { content: text });
            },
          },
        );
        applyAllowance(answer);
        patchMessage(message.id, { ...withVersion(message, answer.response), id: storedId });
      } catch (error) {
        const stopped = isAbortError(error) || controller.signal.aborted;
        // Text that arrived before Stop is kept as a version, as the server keeps it; anything else brings back the
        // version shown before.
        if (stopped && soFar.trim() !== "") patchMessage(message.id, withVersion(message, soFar.trim()));
        else patchMessage(message.id, original);
        if (stopped) void status.refetch();
        else if (isDailyLimitError(error)) reachLimit();
        else if (isPremiumRequiredError(error)) premiumRequired(VERSION_FAILED_TITLE, error);
        else toast({ title: VERSION_FAILED_TITLE, description: errorMessage(error), variant: "destructive" });
      } finally {
        finish();
      }
    },
    /** Shows the previous (-1) or next (+1) version of the answer at `index`, and keeps that choice on the server. */
    async step(index: number, delta: -1 | 1): Promise<void> {
      const shown = messages;
      const message = shown[index];
      const next = message && stepped(message, delta);
      if (!message || !next || busyRef.current) return;
      patchMessage(message.id, next);
      try {
        const storedId = await resolveStoredId(story.id, threadId, shown, index);
        if (!storedId) throw new Error(ANSWER_NOT_KEPT_YET);
        await chooseAnswerVersion(story.id, storedId, next.chosen!);
      } catch (error) {
        patchMessage(message.id, { content: message.content, chosen: message.chosen });
        toast({ title: STEP_FAILED_TITLE, description: errorMessage(error), variant: "destructive" });
      }
    },
  };

  /**
   * Sends what the writer typed, as a generation or a chat (`chosen`: the composer's switch, else the guess); false
   * (and nothing happens) for blank input, a reached limit or a running request.
   */
  function send(text: string, chosen?: Route): boolean {
    const guess = routeMessage(text);
    const route = guess && (chosen ?? guess);
    if (!route || busyRef.current || lockedRef.current) return false;
    if (route === "generate" && !bridgeRef.current) return false;
    const trimmed = text.trim().slice(0, MARIN_LIMITS.messageChars);
    const history = messages;
    setMessages((all) => [...all, newMessage("user", trimmed)]);
    if (route === "chat") void chat(trimmed, history);
    else {
      // The chat route keeps a question itself; a written request is kept here, before what it does.
      void keeper.keep({ role: "user", content: trimmed, note: false });
      void generate(writeRun(trimmed));
    }
    return true;
  }

  // The automatic opening scene: empty or placeholder content and no chat yet, once.
  const autoStarted = useRef(false);
  const statusReady = status.isSuccess;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the editor and the allowance are known
  useEffect(() => {
    if (autoStarted.current || hadChatAtOpen.current || !bridge || !statusReady || lockedRef.current) return;
    autoStarted.current = true;
    if (!bridge.isEmpty()) return;
    void generate(openingSceneRun());
  }, [bridge, statusReady]);

  // Stop whatever runs when the pane goes away. NOTE: checked a moment later, because StrictMode's trial unmount
  // (development) remounts at once and must not stop the opening scene it just started.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const running = controllerRef.current;
      setTimeout(() => {
        if (!mounted.current) running?.abort();
      }, 0);
    };
  }, []);

  const tools = {
    continueStory() {
      const editor = bridgeRef.current;
      if (editor) void generate(continueRun(editor.textBeforeCursor(MARIN_LIMITS.selectionChars)));
    },
    rewrite(instruction: string) {
      const selection = bridgeRef.current?.selectedText() ?? "";
      if (selection.trim() !== "") void generate(rewriteRun(selection, instruction));
    },
    /** 'Write chapter N from its beats' (the planning board). */
    writeChapter(chapter: number) {
      if (bridgeRef.current) void generate(chapterFromBeatsRun(chapter));
    },
    regenerate() {
      const last = lastGenerationRef.current;
      if (last && bridgeRef.current?.lastInsertion()) void generate(regenerateRun(last));
    },
    /** 'Another version' of the generation shown (charged like any prompt). */
    anotherVersion() {
      const group = versionsRef.current;
      if (group && group.versions.length < MARIN_LIMITS.versions) void generate(alternativeRun(group));
    },
    /** Shows the previous (-1) or next (+1) version in place: no network. */
    stepVersion(delta: -1 | 1) {
      const group = versionsRef.current;
      const editor = bridgeRef.current;
      const next = group ? group.shown + delta : -1;
      if (!group || !editor || busyRef.current || next < 0 || next >= group.versions.length) return;
      const swapped = asOwnChange(() =>
        editor.swapInsertion(group.versions[group.shown]!.generatedAt, group.versions[next]!),
      );
      setVersions(swapped ? { ...group, shown: next } : null);
      if (swapped) changedStory();
    },
    /** 'Keep this one': the version shown stays, the others go. */
    keepVersion() {
      setVersions(null);
    },
    undo(): boolean {
      if (busyRef.current) return false;
      const undone = asOwnChange(() => bridgeRef.current?.undoLastInsertion() ?? false);
      if (undone) setVersions(null);
      if (undone) {
        changedStory();
        setMessages((all) => [...all, newMessage("assistant", UNDO_NOTE, true)]);
        void keeper.keep({ role: "assistant", content: UNDO_NOTE, note: true });
      }
      return undone;
    },
  };

  /** 'Clear chat': the stored conversation and this browser's notes; false when the server refused. */
  async function clear(): Promise<boolean> {
    if (busyRef.current) return false;
    try {
      // NOTE: a turn still on its way would land after the clear and start the chat again.
      await keeper.idle();
      await clearStoredChat(story.id, threadId);
    } catch (error) {
      toast({ title: CLEAR_FAILED_TITLE, description: errorMessage(error), variant: "destructive" });
      return false;
    }
    forgetLegacyNotes(story.id);
    setMessages([]);
    return true;
  }

  return {
    messages,
    busy,
    clear,
    stop() {
      stoppedRef.current = controllerRef.current;
      controllerRef.current?.abort();
    },
    send,
    tools,
    answers,
    canRegenerate,
    versions,
    storyChanges,
    allowance,
    limit,
    status: status.data ?? null,
    limitDialogOpen,
    setLimitDialogOpen,
    context,
  };
}
