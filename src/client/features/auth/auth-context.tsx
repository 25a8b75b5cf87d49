// The auth context: the current user, loaded once; 401 means nobody is signed in.
// Login and logout start from a clean slate: every cached query and both browser storages are cleared.
// A first sign-in (the login answer's `firstSignIn`) is greeted as such, here and on the dashboard.
import { type UseMutationResult, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import type { LoginBody, RegisterBody, UserView } from "../../../shared/schemas/accounts";
import { toast } from "../../components/ui/toaster";
import { apiJson, errorMessage } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import { claimOfflineStore, userOrOfflineOwner } from "../offline/offline-session";
import { readSignedInHint } from "./signed-in-hint";

export const REGISTERED_FALLBACK = "Please check your email to verify your account.";
export const WELCOME_BACK = "Welcome back!";
export const WELCOME_FIRST = "Welcome to FicForge!";

/** POST /api/login's answer: the user, and whether this is their first sign-in (absent from older servers). */
export type LoginAnswer = UserView & { firstSignIn?: boolean };

// NOTE: session storage, written after the login clears it: the greeting survives a reload of that tab and ends
// with the tab or at logout. The user's id guards against a flag left by someone else in the same tab.
const FIRST_VISIT_KEY = "first-visit-user";

function readFirstVisit(): number | null {
  try {
    return Number(window.sessionStorage.getItem(FIRST_VISIT_KEY)) || null;
  } catch {
    return null;
  }
}

function rememberFirstVisit(userId: number) {
  try {
    window.sessionStorage.setItem(FIRST_VISIT_KEY, String(userId));
  } catch {
    /* the greeting then lasts until the next reload */
  }
}

export interface AuthContextValue {
  user: UserView | null;
  /** True during the visit that began with the user's first sign-in. */
  firstVisit: boolean;
  isLoading: boolean;
  error: Error | null;
  loginMutation: UseMutationResult<LoginAnswer, Error, LoginBody>;
  logoutMutation: UseMutationResult<void, Error, void>;
  registerMutation: UseMutationResult<{ message?: string }, Error, RegisterBody>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function clearBrowserStorage() {
  // NOTE: storage can throw (disabled cookies, private mode); a failed clear must not block sign-in.
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch {
    /* nothing else to clear */
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [firstVisitUser, setFirstVisitUser] = useState(readFirstVisit);
  // NOTE: the hint is read once per load, not on every render: in Chromium each document.cookie read is a synchronous
  // round trip to the network service (decision 0057: 12% of the dashboard's start-up). Only a sign-in or sign-out
  // changes it, and both pass through startSession below, which keeps it current.
  const [signedInHint, setSignedInHint] = useState(readSignedInHint);
  const { data, isLoading, error } = useQuery<UserView | null, Error>({
    queryKey: queryKeys.user,
    // Issue 31: without a network, the account whose works are saved for offline here (features/offline).
    queryFn: userOrOfflineOwner,
    // Without the hint cookie nobody is signed in: asking would only log the 401 in a visitor's console.
    enabled: signedInHint,
  });
  // Back online: what was read from the offline store (the user, a saved work) is asked of the server again.
  useEffect(() => {
    const reconnected = () => void queryClient.invalidateQueries();
    window.addEventListener("online", reconnected);
    return () => window.removeEventListener("online", reconnected);
  }, [queryClient]);

  /** A new identity: nothing cached for the previous one may survive. */
  const startSession = (user: UserView | null) => {
    queryClient.clear();
    clearBrowserStorage();
    // Works saved for offline belong to one account: signing out, or in as another, deletes them.
    void claimOfflineStore(user?.id ?? null);
    queryClient.setQueryData(queryKeys.user, user);
    setFirstVisitUser(null);
    // Signed in, later invalidations of the user (settings, upgrades) must refetch it: a disabled query would not.
    setSignedInHint(user !== null);
  };

  const loginMutation = useMutation<LoginAnswer, Error, LoginBody>({
    mutationFn: (body) => apiJson<LoginAnswer>("POST", "/api/login", body),
    onSuccess: ({ firstSignIn = false, ...user }) => {
      startSession(user);
      if (firstSignIn) {
        rememberFirstVisit(user.id);
        setFirstVisitUser(user.id);
      }
      // 'Welcome back!' is wrong for someone who has never signed in before.
      toast({ title: "Login successful", description: firstSignIn ? WELCOME_FIRST : WELCOME_BACK });
    },
    onError: (err) => toast({ title: "Login failed", description: errorMessage(err), variant: "destructive" }),
  });

  const logoutMutation = useMutation<void, Error, void>({
    mutationFn: async () => {
      await apiJson<unknown>("POST", "/api/logout");
    },
    onSuccess: () => {
      startSession(null);
      toast({ title: "Logged out", description: "You have been logged out successfully." });
    },
    onError: (err) => toast({ title: "Logout failed", description: errorMessage(err), variant: "destructive" }),
  });

  // Registration does not sign in: the account must be verified by email first.
  const registerMutation = useMutation<{ message?: string }, Error, RegisterBody>({
    mutationFn: async (body) => (await apiJson<{ message?: string }>("POST", "/api/register", body)) ?? {},
    onSuccess: (answer) =>
      toast({ title: "Registration successful", description: answer.message || REGISTERED_FALLBACK }),
    onError: (err) => toast({ title: "Registration failed", description: errorMessage(err), variant: "destructive" }),
  });

  return (
    <AuthContext.Provider
      value={{
        user: data ?? null,
        firstVisit: data != null && firstVisitUser === data.id,
        isLoading,
        error,
        loginMutation,
        logoutMutation,
        registerMutation,
      }}
    >
      {children}
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}

/** The signed-in user's name, or undefined (also outside an AuthProvider, e.g. a component rendered alone). */
export function useSignedInUsername(): string | undefined {
  return useContext(AuthContext)?.user?.username;
}
