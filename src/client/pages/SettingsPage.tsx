// /dashboard/settings: the public profile, notifications, reading (the AI filter and history), for premium users
// subscription management, and the account itself (Account and security: password, email, Google, devices, export, deletion).
import { useEffect } from "react";
import { useSearch } from "wouter";
import { toast } from "../components/ui/toaster";
import { AccountSecurity } from "../features/account/AccountSecurity";
import { ApiTokensCard } from "../features/api-tokens/ApiTokensCard";
import { useAuth } from "../features/auth/auth-context";
import { NotificationSettingsCard } from "../features/community/NotificationSettingsCard";
import { EmailDeliveryCard } from "../features/email-notifications/EmailDeliveryCard";
import { HistorySetting } from "../features/reading-stats/HistorySetting";
import { HiddenPeopleCard } from "../features/safety/HiddenPeopleCard";
import { CoCreatorInvitesCard } from "../features/co-creators/CoCreatorInvitesCard";
import { ProfileForm } from "../features/settings/ProfileForm";
import { ReadingPreferencesCard } from "../features/settings/ReadingPreferencesCard";
import { ReaderSettingsCard } from "../features/reader-settings/ReaderSettingsCard";
import { SubscriptionCard } from "../features/settings/SubscriptionCard";
import { VoiceCard } from "../features/voice/VoiceCard";
import { useRefreshUserOnReturn } from "../features/settings/use-refresh-user";

export default function SettingsPage() {
  const { user } = useAuth();
  useRefreshUserOnReturn();
  useGoogleLinkOutcome();
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="font-serif text-3xl font-bold text-ink">Settings</h1>
      {/* key: a saved profile (or another account) starts the form from the server's values. */}
      <ProfileForm key={`${user.id}:${user.username}:${user.description ?? ""}`} user={user} />
      <NotificationSettingsCard emailVerified={user.emailVerified} />
      <EmailDeliveryCard />
      <ReadingPreferencesCard />
      <ReaderSettingsCard />
      <div className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6">
        <VoiceCard />
      </div>
      <HistorySetting />
      <CoCreatorInvitesCard />
      <HiddenPeopleCard />
      {user.isPremium && <SubscriptionCard user={user} />}
      <AccountSecurity user={user} />
      <ApiTokensCard />
    </div>
  );
}

/** Back from linking Google (src/server/accounts/google-routes.ts): say how it went, once. */
function useGoogleLinkOutcome() {
  const outcome = new URLSearchParams(useSearch()).get("google");
  useEffect(() => {
    if (outcome === "linked") toast({ title: "Google linked", description: "You can now sign in with Google." });
    if (outcome === "link-failed") {
      toast({
        title: "Couldn't link Google",
        description: "That Google account may already belong to another FicForge account. Nothing was changed.",
        variant: "destructive",
      });
    }
    if (outcome) window.history.replaceState(null, "", window.location.pathname);
  }, [outcome]);
}
