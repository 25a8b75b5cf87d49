// The signed-in user's response options as React state: premium users choose (and the choice is remembered),
// free users get the defaults and send nothing. `lapse` is for a 403 PREMIUM_REQUIRED: the plan ended mid-session.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { queryKeys } from "../../lib/query-keys";
import { useAuth } from "../auth/auth-context";
import {
  DEFAULT_RESPONSE_OPTIONS,
  loadResponseOptions,
  type RequestOptions,
  type ResponseOptions,
  requestOptions,
  saveResponseOptions,
} from "./response-options";

export interface ResponseOptionsState {
  isPremium: boolean;
  /** What the controls show: the choice for premium users, the defaults for free ones. */
  options: ResponseOptions;
  /** What requests carry. */
  request: RequestOptions;
  choose: (patch: Partial<ResponseOptions>) => void;
  lapse: () => void;
}

export function useResponseOptions(): ResponseOptionsState {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  const isPremium = user?.isPremium === true;
  const [chosen, setChosen] = useState(() => ({ userId, options: loadResponseOptions(userId) }));
  // Another account signed in without a reload: its own choice, not the previous one's.
  const mine = chosen.userId === userId ? chosen.options : loadResponseOptions(userId);
  const options = isPremium ? mine : DEFAULT_RESPONSE_OPTIONS;

  return {
    isPremium,
    options,
    request: requestOptions(options, isPremium),
    choose(patch) {
      if (!isPremium || userId === null) return;
      const next = { ...mine, ...patch };
      saveResponseOptions(userId, next);
      setChosen({ userId, options: next });
    },
    lapse() {
      if (userId !== null) saveResponseOptions(userId, null);
      setChosen({ userId, options: DEFAULT_RESPONSE_OPTIONS });
      // The user as the server sees them now (isPremium false): the controls lock and requests stop naming options.
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
  };
}
