/**
 * A repair shop as a rider suggests it ("repair shops only from a real source or from
 * rider submissions reviewed by an admin, never invented"). The rider vouches for the shop; an
 * admin reviews it before anyone else sees it. Shared by the server's validation and the form.
 */
import type { FromSchema } from 'json-schema-to-ts';

/** Longest free-text answers, characters. */
export const repairShopTextLimits = { name: 80, town: 60, phone: 30, website: 200, text: 500 };

/** The fields a rider submits; optional ones are null when the rider does not know them. */
export const repairShopSuggestionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'town', 'phone', 'website', 'services', 'howYouKnow'],
  properties: {
    name: { type: 'string', minLength: 2, maxLength: repairShopTextLimits.name },
    town: { type: 'string', minLength: 2, maxLength: repairShopTextLimits.town },
    phone: {
      type: ['string', 'null'],
      minLength: 7,
      maxLength: repairShopTextLimits.phone,
      pattern: '^[0-9()+. -]+$',
    },
    website: {
      type: ['string', 'null'],
      maxLength: repairShopTextLimits.website,
      pattern: '^https?://[^\\s]+$',
    },
    /** What the shop works on (makes, machines, kinds of repair), in the rider's words. */
    services: { type: 'string', minLength: 3, maxLength: repairShopTextLimits.text },
    /** How the rider knows the shop ("they fixed my Polaris belt in June 2026"). */
    howYouKnow: { type: 'string', minLength: 3, maxLength: repairShopTextLimits.text },
  },
} as const;

export type RepairShopSuggestion = FromSchema<typeof repairShopSuggestionSchema>;

/** Review states of a suggestion. */
export type RepairShopReviewStatus = 'pending' | 'approved' | 'rejected';

/** A suggestion with its review, as the API answers it; times in epoch ms. */
export interface RepairShopSubmission {
  id: string;
  shop: RepairShopSuggestion;
  status: RepairShopReviewStatus;
  /** Why an admin rejected it; null otherwise. */
  reason: string | null;
  submittedAt: number;
  reviewedAt: number | null;
  /** The rider who suggested it (the credit shown with an approved shop). */
  submittedBy: string;
}
