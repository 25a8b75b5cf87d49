// 'Updated <date>': when the story's latest chapter was first published (issue 17), not when it was last saved.
export function UpdatedDate({ at }: { at: string | null }) {
  if (!at) return null;
  const date = new Date(at);
  return (
    <span data-testid="reader-updated">
      Updated{" "}
      <time dateTime={at}>{date.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" })}</time>
    </span>
  );
}
