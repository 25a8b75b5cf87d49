// The auth context of SPEC.md section 4: the current user, loaded once; 401 means nobody is signed in.
import { useQuery } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext } from "react";
import { getQueryFn } from "../../lib/api";
import type { User } from "./types";

export const USER_QUERY_KEY = ["/api/user"] as const;

export interface AuthContextValue {
  user: User | null;
  isLoading: boolean;
  error: Error | null;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, isLoading, error } = useQuery<User | null, Error>({
    queryKey: USER_QUERY_KEY,
    queryFn: getQueryFn<User | null>({ on401: "returnNull" }),
  });
  return <AuthContext.Provider value={{ user: data ?? null, isLoading, error }}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}
