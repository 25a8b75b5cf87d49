// The auth context of SPEC.md section 4: the current user, loaded once; 401 means nobody is signed in.
// Login and logout start from a clean slate: every cached query and both browser storages are cleared.
import { type UseMutationResult, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext } from "react";
import type { LoginBody, RegisterBody } from "../../../shared/schemas/accounts";
import { toast } from "../../components/ui/toaster";
import { apiJson, errorMessage, getQueryFn } from "../../lib/api";
import { readSignedInHint } from "./signed-in-hint";
import type { User } from "./types";

export const USER_QUERY_KEY = ["/api/user"] as const;

export const REGISTERED_FALLBACK = "Please check your email to verify your account.";

export interface AuthContextValue {
  user: User | null;
  isLoading: boolean;
  error: Error | null;
  loginMutation: UseMutationResult<User, Error, LoginBody>;
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
  const { data, isLoading, error } = useQuery<User | null, Error>({
    queryKey: USER_QUERY_KEY,
    queryFn: getQueryFn<User | null>({ on401: "returnNull" }),
    // Without the hint cookie nobody is signed in: asking would only log the 401 in a visitor's console.
    enabled: readSignedInHint(),
  });

  /** A new identity: nothing cached for the previous one may survive. */
  const startSession = (user: User | null) => {
    queryClient.clear();
    clearBrowserStorage();
    queryClient.setQueryData(USER_QUERY_KEY, user);
  };

  const loginMutation = useMutation<User, Error, LoginBody>({
    mutationFn: (body) => apiJson<User>("POST", "/api/login", body),
    onSuccess: (user) => {
      startSession(user);
      toast({ title: "Login successful", description: "Welcome back!" });
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
      value={{ user: data ?? null, isLoading, error, loginMutation, logoutMutation, registerMutation }}
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
