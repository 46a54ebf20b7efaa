import { appWords } from '../words.ts';
import { useSiteOverrides } from './site-overrides.ts';

/**
 * Who the pages shared by the customer sites and the staff site are talking to. Online they speak
 * to the customer ("Added to your basket"); at the desk to the clerk serving them, about the
 * customer ("Added to the basket", "Held for the customer until 18:15"): the staff site said
 * "your basket" and "held for you" to the clerk (issue 34 item 4). Shared pages take these words
 * from here, never their own.
 */
export interface Voice {
  addedToBasket: string;
  goToBasket: string;
  /** "Held for you until 18:15" */
  heldUntil: (time: string) => string;
  /** "Your hold on these places ended at 18:15." */
  holdEnded: (places: string, time: string) => string;
  /** Why "Your details" can't be changed in the joining journey, and where they can be. */
  detailsLocked: string;
  /** A session none of whose prices is open to the person booking (issue 34 item 7). */
  priceNotOpen: string;
  /** … nor to anyone in their family. */
  priceNotOpenToFamily: string;
  /** How to book such a session for a child. */
  addChildHow: string;
}

export const customerVoice: Voice = {
  addedToBasket: 'Added to your basket',
  goToBasket: 'Go to your basket',
  heldUntil: (time) => `Held for you until ${time}`,
  holdEnded: (places, time) => `Your hold on ${places} ended at ${time}.`,
  // Looked up when read: a Welsh page's words arrive after this module loads.
  get detailsLocked() {
    return appWords('detailsLocked');
  },
  priceNotOpen: 'None of this session’s prices is open to you',
  priceNotOpenToFamily: 'None of this session’s prices is open to you or your family',
  addChildHow: 'To book it for a child, add them to your family in My details, then choose them here.',
};

export const deskVoice: Voice = {
  addedToBasket: 'Added to the basket',
  goToBasket: 'Go to the basket',
  heldUntil: (time) => `Held for the customer until ${time}`,
  holdEnded: (places, time) => `The hold on ${places} ended at ${time}.`,
  detailsLocked:
    'They are the customer’s account details. A supervisor can change them from the customer’s page.',
  priceNotOpen: 'None of this session’s prices is open to the customer',
  priceNotOpenToFamily: 'None of this session’s prices is open to the customer or their family',
  addChildHow:
    'To book it for a child, the child is first added to the customer’s family (My details, Family, in My account), then chosen here.',
};

/** The words for whoever the page is talking to: the customer online, the clerk at the desk. */
export function useVoice(): Voice {
  return useSiteOverrides().voice ?? customerVoice;
}
