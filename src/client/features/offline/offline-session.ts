// The signed-in user when the network is gone: the account whose works this browser keeps for offline, so the app
// opens Saved Stories and the reader without a connection. Only a failed connection falls back to it (a 401 still
// means signed out), and the server, reached again, decides once more. Each user the server confirms claims the store:
// another account's saved works are deleted before this one sees any page.
import type { QueryFunctionContext } from "@tanstack/react-query";
import type { UserView } from "../../../shared/schemas/accounts";
import { getQueryFn } from "../../lib/api";
import { claimOfflineData, readOwner } from "./offline-store";
import { isNetworkFailure, offlineSupported } from "./queries";

const fetchUser = getQueryFn<UserView | null>({ on401: "returnNull" });

/** GET /api/user, or without a network the account that saved works for offline here (if any). */
export async function userOrOfflineOwner(context: QueryFunctionContext): Promise<UserView | null> {
  try {
    const user = await fetchUser(context);
    if (offlineSupported()) await claimOfflineData(user?.id ?? null).catch(() => undefined);
    return user;
  } catch (error) {
    if (!isNetworkFailure(error) || !offlineSupported()) throw error;
    const owner = await readOwner<UserView>().catch(() => undefined);
    if (owner) return owner;
    throw error;
  }
}

/** A session starts (sign-in) or ends (sign-out, null): the store keeps only the works of the account signing in. */
export function claimOfflineStore(userId: number | null): Promise<void> {
  return offlineSupported() ? claimOfflineData(userId).catch(() => undefined) : Promise.resolve();
}
