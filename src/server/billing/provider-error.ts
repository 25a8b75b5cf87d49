// A payment provider's refusal as the API answers it: 502 with the provider's message when it is meant for the
// customer (a card declined), otherwise our own checkout error text; what went wrong is kept for the log only.
import { AppError } from "../errors";

export const PAYMENT_PROVIDER = "PAYMENT_PROVIDER";

// NOTE: Stripe's own messages may quote a key ("Invalid API Key provided: sk_test_****1234"); never shown anyway.
const KEY_LIKE = /\b(?:sk|rk|pk|whsec)_[A-Za-z0-9_*]+/g;

export class ProviderError extends AppError {
  constructor(
    message: string,
    /** For the log: the provider's error type, code and request id. Not sent. */
    readonly detail: Record<string, unknown>,
  ) {
    super(502, PAYMENT_PROVIDER, message.replace(KEY_LIKE, "[redacted]"));
  }
}
