// The wide-screen side panel of /auth: what an account gets you.
import { MessagesSquare, Sparkles, Users } from "lucide-react";

const POINTS = [
  {
    icon: Sparkles,
    title: "AI writing tools",
    text: "Draft chapters with Marin, your AI writing partner, then edit every word yourself.",
  },
  {
    icon: Users,
    title: "Share with the community",
    text: "Publish your stories with a cover and tags so fans of the same worlds can find them.",
  },
  {
    icon: MessagesSquare,
    title: "Feedback and collaboration",
    text: "Get likes, comments and bookmarks from readers, and grow your ideas together.",
  },
];

export function AuthSidePanel() {
  return (
    <aside className="relative hidden overflow-hidden bg-gradient-to-br lg:sticky lg:top-0 lg:h-screen from-brand-700 via-brand-600 to-pink-600 p-12 text-white lg:flex lg:flex-col lg:justify-center">
      <div
        aria-hidden
        className="pointer-events-none absolute -right-24 -top-24 h-72 w-72 rounded-full bg-white/10 blur-2xl"
      />
      <h2 className="max-w-md font-serif text-4xl font-bold leading-tight">Your stories, your universe.</h2>
      <p className="mt-4 max-w-md text-white/80">
        Join a community of fans writing the stories they've always wanted to read.
      </p>
      <ul className="mt-10 max-w-md space-y-6">
        {POINTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-white/15">
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <div>
              <p className="font-semibold">{title}</p>
              <p className="text-sm text-white/80">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
