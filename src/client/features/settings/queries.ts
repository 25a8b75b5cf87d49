// Settings calls: the profile update (the customer portal is upgrade/queries.ts).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProfileUpdateBody, UserView } from "../../../shared/schemas/accounts";
import { apiJson } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation<UserView, Error, ProfileUpdateBody>({
    mutationFn: (body) => apiJson<UserView>("PATCH", "/api/user", body),
    onSuccess: (user) => {
      // NOTE: the answer is the presented user; without one, reload it rather than guess.
      if (user && typeof user === "object" && "id" in user) queryClient.setQueryData(queryKeys.user, user);
      else void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
  });
}
