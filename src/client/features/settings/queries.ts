// Settings calls: the profile update and the payment provider's customer portal.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProfileUpdateBody } from "../../../shared/schemas/accounts";
import { apiJson } from "../../lib/api";
import { USER_QUERY_KEY } from "../auth/auth-context";
import type { User } from "../auth/types";

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation<User, Error, ProfileUpdateBody>({
    mutationFn: (body) => apiJson<User>("PATCH", "/api/user", body),
    onSuccess: (user) => {
      // NOTE: the answer is the presented user; without one, reload it rather than guess.
      if (user && typeof user === "object" && "id" in user) queryClient.setQueryData(USER_QUERY_KEY, user);
      else void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}

export function useCustomerPortal() {
  return useMutation<{ url: string }, Error, void>({
    mutationFn: () => apiJson<{ url: string }>("POST", "/api/create-customer-portal"),
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
}
