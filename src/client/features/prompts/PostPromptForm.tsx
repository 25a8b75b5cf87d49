// 'Post a prompt': text, up to 10 tags from the tag catalogue (the server checks them), and the anonymous switch.
import { Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { PROMPT_LIMITS, PromptCreate } from "../../../shared/schemas/prompts";
import { CATALOGUE_TAGS } from "../../../shared/tagging";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input, Textarea } from "../../components/ui/input";
import { errorMessage } from "../../lib/api";
import { addTag } from "./prompt-form";
import { usePostPrompt } from "./queries";

export function PostPromptForm({ name }: { name: string }) {
  const id = useId();
  const post = usePostPrompt(name);
  const [text, setText] = useState("");
  const [tags, setTags] = useState<string[]>([]);
  const [typed, setTyped] = useState("");
  const [anonymous, setAnonymous] = useState(false);
  const [error, setError] = useState<{ text?: string; tags?: string }>({});

  const take = () => {
    setTags((current) => addTag(current, typed));
    setTyped("");
  };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const all = typed.trim() ? addTag(tags, typed) : tags;
    const parsed = PromptCreate.safeParse({ text, tags: all, anonymous });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setError({ [String(issue?.path[0] ?? "text")]: issue?.message });
    }
    setError({});
    post.mutate(parsed.data, {
      onSuccess: () => {
        setText("");
        setTags([]);
        setTyped("");
        setAnonymous(false);
      },
      onError: (failure) => {
        const message = errorMessage(failure);
        setError(message.startsWith("Unknown tag") || message.includes("tags") ? { tags: message } : { text: message });
      },
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Post a prompt"
      className="space-y-3 rounded-2xl border border-brand-100 bg-white p-4 shadow-sm"
    >
      <h2 className="text-lg font-bold text-ink">Post a prompt</h2>
      <FormField
        id={`${id}-text`}
        label="Prompt"
        error={error.text}
        counter={
          <span className="text-xs text-slate-500">
            {text.length}/{PROMPT_LIMITS.text.toLocaleString("en-US")}
          </span>
        }
      >
        <Textarea
          value={text}
          rows={4}
          maxLength={PROMPT_LIMITS.text}
          placeholder="What would you love to read?"
          onChange={(e) => setText(e.target.value)}
        />
      </FormField>
      <FormField id={`${id}-tags`} label={`Tags (up to ${PROMPT_LIMITS.tags})`} error={error.tags}>
        <Input
          value={typed}
          list={`${id}-catalogue`}
          placeholder="Type a tag and press Enter"
          disabled={tags.length >= PROMPT_LIMITS.tags}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" || e.key === ",") {
              e.preventDefault();
              take();
            }
          }}
        />
      </FormField>
      <datalist id={`${id}-catalogue`}>
        {CATALOGUE_TAGS.map((tag) => (
          <option key={tag} value={tag} />
        ))}
      </datalist>
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Prompt tags">
          {tags.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => setTags(tags.filter((t) => t !== tag))}
                className="inline-flex cursor-pointer items-center gap-1 rounded-full bg-brand-600 px-2.5 py-1 text-xs font-medium text-white hover:bg-brand-700"
              >
                {tag} <X className="h-3 w-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="flex items-start gap-2 text-sm text-ink">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-brand-600"
          checked={anonymous}
          onChange={(e) => setAnonymous(e.target.checked)}
        />
        <span>
          Post anonymously
          <span className="block text-xs text-slate-600">
            Only you and the collection's maintainers see that you posted it.
          </span>
        </span>
      </label>
      <Button type="submit" disabled={post.isPending}>
        <Plus className="h-4 w-4" aria-hidden /> Post prompt
      </Button>
    </form>
  );
}
