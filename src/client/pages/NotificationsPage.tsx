// /dashboard/notifications: everything that happened for the signed-in user.
import { NotificationList } from "../features/community/NotificationList";

export default function NotificationsPage() {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6">
      <NotificationList />
    </div>
  );
}
