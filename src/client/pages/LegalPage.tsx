// Privacy Policy and Terms of Service: the footer links need a target; plain pages keep them from dead-ending.
import { Link } from "wouter";
import { ROUTES } from "../../shared/routes";
import { LandingFooter } from "../features/landing/LandingFooter";
import { LandingHeader } from "../features/landing/LandingHeader";

const TEXT = {
  privacy: {
    title: "Privacy Policy",
    paragraphs: [
      "FicForge keeps what it needs to run your account: your email address, your username and description, your stories and what you save or like. Passwords are stored only as salted hashes.",
      "Your drafts are private until you publish them. Published stories, their covers and your username are visible to signed-in readers.",
      "When you chat with Marin, your messages and the story context are sent to the AI model the site is configured with, only to answer you. Payments for FicForge Plus are handled by our card payment provider; we never see your card number.",
      "You can change your profile at any time and delete your stories from the dashboard.",
    ],
  },
  terms: {
    title: "Terms of Service",
    paragraphs: [
      "Write and share fan fiction you have the right to share. Respect other fans: no harassment, no hateful content, and mature content only where FicForge marks it as mature.",
      "Text Marin writes for you is yours to edit and publish. You remain responsible for what you publish.",
      "Free accounts get three AI prompts a day. FicForge Plus is a monthly subscription at $9.99 that renews until you cancel it.",
    ],
  },
} as const;

export default function LegalPage({ kind }: { kind: keyof typeof TEXT }) {
  const { title, paragraphs } = TEXT[kind];
  return (
    <div className="min-h-screen">
      <LandingHeader />
      <main className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h1 className="font-serif text-4xl font-bold text-ink">{title}</h1>
        {paragraphs.map((p) => (
          <p key={p} className="mt-5 leading-relaxed text-slate-700">
            {p}
          </p>
        ))}
        <Link href={ROUTES.landing} className="mt-10 inline-block font-semibold text-brand-700 hover:underline">
          Back to home
        </Link>
      </main>
      <LandingFooter />
    </div>
  );
}
