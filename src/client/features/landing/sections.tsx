import { BookOpen, Heart, MessageSquareText, PenLine, Sparkles, Users, Wand2 } from "lucide-react";
import { Link } from "wouter";
import { ROUTES } from "../../../shared/routes";
import { Button } from "../../components/ui/button";
import { useSignedInHint } from "../auth/signed-in-hint";

const FEATURES = [
  {
    icon: Wand2,
    title: "AI-powered creation",
    text: "Marin turns your characters, tropes and moods into a first chapter in moments, then chats with you about what happens next.",
  },
  {
    icon: BookOpen,
    title: "A library of universes",
    text: "Read stories across a hundred fandoms, every genre and all the character pairings you can dream up.",
  },
  {
    icon: MessageSquareText,
    title: "Share for feedback",
    text: "Publish with a cover, a description and tags, and hear what readers think of your latest chapter.",
  },
  {
    icon: Users,
    title: "A community of fans",
    text: "Find people who love the same worlds, bookmark their stories and keep reading where you left off.",
  },
];

export function FeaturesSection() {
  return (
    <section id="features" className="scroll-mt-20 bg-white py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading eyebrow="Features" title="Everything a fan writer needs" />
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((f) => (
            <article key={f.title} className="rounded-2xl border border-brand-100 bg-brand-50/30 p-6">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-white text-brand-600 shadow-sm">
                <f.icon className="h-5 w-5" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ink">{f.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{f.text}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

const STEPS = [
  {
    title: "Choose your characters and universe",
    text: "Start from a favourite fandom and its characters, or build a custom universe from scratch.",
  },
  {
    title: "Define your story",
    text: "Set the tone, plot points and direction with themes and mood sliders, or let Marin suggest ideas.",
  },
  {
    title: "Generate, refine, publish",
    text: "Marin writes the story; you edit and refine every line, then publish it to the community.",
  },
];

export function HowItWorksSection() {
  return (
    <section id="how-it-works" className="scroll-mt-20 bg-gradient-to-b from-brand-50/60 to-white py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading eyebrow="How it works" title="From idea to published story in three steps" />
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {STEPS.map((s, i) => (
            <li key={s.title} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100">
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-gradient-to-br from-brand-600 to-pink-600 font-bold text-white">
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ink">{s.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{s.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function AboutSection() {
  return (
    <section id="about" className="scroll-mt-20 bg-white py-20">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <SectionHeading eyebrow="About" title="Made by fans, for fans" align="left" />
          <p className="mt-6 text-slate-600">
            FicForge is a home for fan fiction: a place to write the scenes canon never gave you and to read what other
            fans imagine. Marin, our AI writing assistant, helps with the blank page, the next line and the plot twist,
            while every word stays yours to change.
          </p>
          <p className="mt-4 text-slate-600">
            Writing is free, with three prompts to Marin every day. FicForge Plus removes the limit and unlocks mature
            content and richer story options.
          </p>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {[
            { icon: PenLine, title: "A real editor", text: "Headings, lists, formatting and autosave." },
            { icon: Sparkles, title: "Marin on call", text: "Chat for ideas or ask it to write the next scene." },
            { icon: Heart, title: "Saved stories", text: "Bookmark what you love and come back to it." },
            { icon: BookOpen, title: "Distraction-free reading", text: "Clean chapters on any screen." },
          ].map((item) => (
            <li key={item.title} className="rounded-2xl border border-brand-100 p-5">
              <item.icon className="h-5 w-5 text-pink-600" aria-hidden />
              <p className="mt-3 font-semibold text-ink">{item.title}</p>
              <p className="mt-1 text-sm text-slate-600">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function SignupSection() {
  const signedIn = useSignedInHint();
  return (
    <section id="signup" className="scroll-mt-20 px-4 py-20 sm:px-6">
      <div className="mx-auto max-w-4xl rounded-3xl bg-gradient-to-br from-brand-700 via-brand-600 to-pink-600 px-6 py-14 text-center text-white shadow-2xl shadow-brand-900/20 sm:px-12">
        <h2 className="font-serif text-3xl font-bold sm:text-4xl">Your next favourite story is waiting</h2>
        <p className="mx-auto mt-4 max-w-xl text-brand-100">
          {signedIn
            ? "Start your next chapter with Marin, or see what other fans have published."
            : "Create a free account and write your first chapter with Marin today. No credit card required."}
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" className="bg-white text-brand-800 hover:bg-brand-50">
            {signedIn ? (
              <Link href={ROUTES.create}>Write a new story</Link>
            ) : (
              <Link href={ROUTES.signUp}>Create your free account</Link>
            )}
          </Button>
          {!signedIn && (
            <Link href={ROUTES.auth} className="text-sm font-semibold text-white/90 underline-offset-4 hover:underline">
              I already have an account
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}

function SectionHeading({
  eyebrow,
  title,
  align = "center",
}: {
  eyebrow: string;
  title: string;
  align?: "left" | "center";
}) {
  return (
    <div className={align === "center" ? "text-center" : ""}>
      <p className="text-sm font-semibold uppercase tracking-wider text-pink-600">{eyebrow}</p>
      <h2 className="mt-2 font-serif text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h2>
    </div>
  );
}
