// /dashboard/settings: the public profile and, for premium users, subscription management.
import { useAuth } from "../features/auth/auth-context";
import { NotificationSettingsCard } from "../features/community/NotificationSettingsCard";
import { EmailDeliveryCard } from "../features/email-settings/EmailDeliveryCard";
import { HistorySetting } from "../features/reading-stats/HistorySetting";
import { HiddenPeopleCard } from "../features/safety/HiddenPeopleCard";
import { ProfileForm } from "../features/settings/ProfileForm";
import { SubscriptionCard } from "../features/settings/SubscriptionCard";
import { useRefreshUserOnReturn } from "../features/settings/use-refresh-user";

export default function SettingsPage() {
  const { user } = useAuth();
  useRefreshUserOnReturn();
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="font-serif text-3xl font-bold text-ink">Settings</h1>
      {/* key: a saved profile (or another account) starts the form from the server's values. */}
      <ProfileForm key={`${user.id}:${user.username}:${user.description ?? ""}`} user={user} />
      <NotificationSettingsCard emailVerified={user.emailVerified} />
      <EmailDeliveryCard />
      <HistorySetting />
      <HiddenPeopleCard />
      {user.isPremium && <SubscriptionCard user={user} />}
    </div>
  );
}
