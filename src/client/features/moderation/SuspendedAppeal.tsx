// Under the sign-in refusal of a suspended or banned account: 'Appeal this decision' opens a short form. The server
// gave a token for it with the refusal (only after the right password), since the person cannot sign in.
import { useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { apiJson, errorMessage } from "../../lib/api";

export function SuspendedAppeal({ token }: { token: string }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [state, setState] = useState<{ sent?: boolean; error?: string; pending?: boolean }>({});
  const id = useId();
  if (state.sent) {
    return (
      <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
        Your appeal was sent. A moderator will review it.
      </p>
    );
  }
  if (!open) {
    return (
      <button
        type="button"
        className="cursor-pointer text-sm font-semibold text-brand-700 hover:underline"
        onClick={() => setOpen(true)}
      >
        Appeal this decision
      </button>
    );
  }
  const send = async () => {
    setState({ pending: true });
    try {
      await apiJson("POST", "/api/appeals", { token, text });
      setState({ sent: true });
    } catch (error) {
      setState({ error: errorMessage(error) });
    }
  };
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        Why should this decision change?
      </label>
      <textarea
        id={id}
        value={text}
        maxLength={2000}
        rows={3}
        onChange={(event) => setText(event.target.value)}
        className="w-full rounded-lg border border-brand-200 p-2 text-sm text-ink"
      />
      {state.error && <p className="text-sm text-red-700">{state.error}</p>}
      <Button type="button" size="sm" disabled={state.pending || text.trim() === ""} onClick={send}>
        Send appeal
      </Button>
    </div>
  );
}
