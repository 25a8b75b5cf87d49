// Keeps the wizard draft in session storage so leaving mid-way and coming back (or reloading) loses nothing.
import { useCallback, useEffect, useState } from "react";
import { emptyDraft, type WizardDraft } from "./wizard-draft";

const keyFor = (userId: number | undefined) => `ficforge:create-draft:${userId ?? "anonymous"}`;

function load(key: string): WizardDraft {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return emptyDraft();
    const saved = JSON.parse(raw) as Partial<WizardDraft>;
    const base = emptyDraft();
    return { ...base, ...saved, moods: { ...base.moods, ...saved.moods } };
  } catch {
    return emptyDraft();
  }
}

function save(key: string, draft: WizardDraft) {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // NOTE: a big cover can exceed the storage quota; keep the text, which is what people hate to lose.
    try {
      sessionStorage.setItem(key, JSON.stringify({ ...draft, coverImage: null }));
    } catch {
      // Storage unavailable (private mode): the in-memory draft still survives step changes.
    }
  }
}

export function useWizardDraft(userId: number | undefined) {
  const key = keyFor(userId);
  const [draft, setDraft] = useState<WizardDraft>(() => load(key));

  useEffect(() => save(key, draft), [key, draft]);

  const update = useCallback((patch: Partial<WizardDraft>) => setDraft((current) => ({ ...current, ...patch })), []);
  const clear = useCallback(() => {
    sessionStorage.removeItem(key);
    setDraft(emptyDraft());
  }, [key]);

  return { draft, update, clear };
}
