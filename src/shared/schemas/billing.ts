// FicForge Plus's contract (its perks, brand, price, calls and toasts; issue 10), shared by server and client.
import { z } from "zod";
import { PREMIUM_PRICE_LABEL } from "../limits";

export const PLUS_NAME = "FicForge Plus";
/** The sidebar's brand for premium users. */
export const PLUS_BRAND = "FicForge+";

/** POST /api/create-subscription-session's answer: go to `url` (the provider's hosted checkout). */
export const CheckoutSessionAnswer = z.object({ sessionId: z.string(), url: z.string() });
export type CheckoutSessionAnswer = z.infer<typeof CheckoutSessionAnswer>;

/** POST /api/create-customer-portal's answer: go to `url`. */
export const PortalAnswer = z.object({ url: z.string() });
export type PortalAnswer = z.infer<typeof PortalAnswer>;

/** The query parameter the checkout returns with: /dashboard/upgrade?subscription=success|canceled. */
export const SUBSCRIPTION_PARAM = "subscription";
export type SubscriptionReturn = "success" | "canceled";

/** The toasts shown when the hosted checkout returns (success or canceled). */
export const CHECKOUT_TOASTS = {
  success: {
    title: "Subscription successful!",
    description: "Welcome to FicForge Plus! Your premium features are now available.",
  },
  canceled: {
    title: "Subscription canceled",
    description: "Your subscription process was canceled. No charges were made.",
  },
} as const;

/** The checkout's error texts (the provider's own message wins when there is one). */
export const CHECKOUT_ERRORS = {
  redirect: "Failed to redirect to checkout.",
  create: "Failed to create checkout session.",
  portal: "Failed to open the customer portal.",
} as const;

/** FicForge Plus's five perks, as the upgrade page lists them. */
export const PLUS_PERKS = [
  { id: "nsfw", title: "Adult (NSFW) content", text: "Read mature stories in Discover and write with the NSFW theme." },
  {
    id: "memory",
    title: "Better character memory",
    text: "Marin remembers your characters, their relationships and earlier chapters.",
  },
  {
    id: "styles",
    title: "Newer chat styles & higher limits",
    text: "Unlimited AI prompts and new ways for Marin to talk with you.",
  },
  {
    id: "customize",
    title: "Story customization",
    text: "Choose Marin's response length and give readers a background image.",
  },
  {
    id: "early",
    title: "Early access to features",
    text: "Try new features, such as story export, before everyone else.",
  },
] as const;

export const PLUS_PRICE_TEXT = `${PREMIUM_PRICE_LABEL} per month, auto-renewing until canceled`;

/** The 409 when a premium user asks for another checkout. */
export const ALREADY_PREMIUM = "You already have FicForge Plus.";
/** The 404 of the customer portal for a user who never subscribed. */
export const NO_SUBSCRIPTION = "You don't have a FicForge Plus subscription yet.";

/** The 403 code of every premium gate; each gate has its own message naming what is premium. */
export const PREMIUM_REQUIRED = "PREMIUM_REQUIRED";

/**
 * Early-access features: on for premium users only, enforced by the server (`requireEarlyAccess`). A feature that
 * leaves early access is removed from here and from its gate.
 */
// NOTE: none today (story export left early access: decision 0051); the gate stays for the next one.
export const EARLY_ACCESS_FEATURES = {} as const satisfies Record<string, { title: string; text: string }>;
export type EarlyAccessFeature = keyof typeof EARLY_ACCESS_FEATURES;
