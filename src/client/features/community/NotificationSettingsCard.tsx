// Settings' 'Notifications': for each type, 'In the app', 'By email' (in the app too) or 'Off'. Saved on change.
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationType,
} from "../../../shared/schemas/community";
import { toast } from "../../components/ui/toaster";
import { errorMessage } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useNotificationSettings, useUpdateNotificationSettings } from "./queries";

const TYPE_LABELS: Record<NotificationType, string> = {
  comment: "Comments on your stories",
  reply: "Replies to your comments",
  new_chapter: "New chapters in stories you subscribe to",
  new_story: "New stories by authors you follow",
  new_follower: "New followers",
  like_milestone: "Likes on your stories (1, 10, 100, 1,000)",
  series_work: "New works in series you subscribe to",
  co_creator_invite: "Invitations to co-create a work",
  co_creator_answer: "Answers to your co-creator invitations",
  gift: "Works gifted to you",
  related_work: "Works inspired by yours",
  chapter_live: "Your scheduled chapters going live",
  collection_work: "New works in collections you subscribe to",
  collection_item: "Works waiting in collections you maintain, and answers about yours",
  collection_invite: "Invitations of your works to collections",
  assignment: "Gift exchange assignments",
  assignment_due: "Reminders before a gift is due",
  prompt_fill: "Fills of your prompts",
};

const CHANNEL_LABELS: Record<NotificationChannel, string> = { app: "In the app", email: "By email", off: "Off" };

export function NotificationSettingsCard({ emailVerified }: { emailVerified: boolean }) {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const change = (type: NotificationType, channel: NotificationChannel) =>
    update.mutate(
      { [type]: channel },
      {
        onSuccess: () => toast({ title: "Notification settings saved" }),
        onError: (error) => toast({ title: errorMessage(error), variant: "destructive" }),
      },
    );
  return (
    <section
      aria-labelledby="notification-settings-heading"
      className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6"
      data-testid="notification-settings"
    >
      <h2 id="notification-settings-heading" className="text-lg font-semibold text-ink">
        Notifications
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Choose how you hear about each kind of activity. 'By email' shows it in the app too.
        {!emailVerified && " Emails are sent only once your email address is verified."}
      </p>
      {settings.isError && <p className="mt-3 text-sm text-red-700">Couldn't load your notification settings.</p>}
      {settings.data && (
        <div className="mt-4 divide-y divide-brand-100">
          {NOTIFICATION_TYPES.map((type) => (
            <div key={type} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <span id={`notify-${type}-label`} className="text-sm font-medium text-ink sm:max-w-[14rem]">
                {TYPE_LABELS[type]}
              </span>
              <div
                role="radiogroup"
                aria-labelledby={`notify-${type}-label`}
                className="flex shrink-0 rounded-lg border border-brand-200 p-0.5"
              >
                {NOTIFICATION_CHANNELS.map((channel) => {
                  const checked = settings.data[type] === channel;
                  return (
                    <label
                      key={channel}
                      className={cn(
                        "flex-1 cursor-pointer whitespace-nowrap rounded-md px-3 py-1.5 text-center text-sm sm:w-24 sm:flex-none has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400",
                        checked ? "bg-brand-600 font-semibold text-white" : "text-slate-700 hover:bg-brand-50",
                      )}
                    >
                      <input
                        type="radio"
                        className="sr-only"
                        name={`notify-${type}`}
                        value={channel}
                        checked={checked}
                        disabled={update.isPending}
                        onChange={() => change(type, channel)}
                      />
                      {CHANNEL_LABELS[channel]}
                    </label>
                  );
                })}
              </div>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
