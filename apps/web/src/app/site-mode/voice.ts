import { appWords } from '../words.ts';
import { useSiteOverrides } from './site-overrides.ts';
import { voiceWords } from './words.ts';

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
  /** "Your hold on these places ended at 18:15.": `count` is the line's number of places. */
  holdEnded: (count: number, time: string) => string;
  /** Why "Your details" can't be changed in the joining journey, and where they can be. */
  detailsLocked: string;
  /** A session none of whose prices is open to the person booking (issue 34 item 7). */
  priceNotOpen: string;
  /** … nor to anyone in their family. */
  priceNotOpenToFamily: string;
  /** How to book such a session for a child. */
  addChildHow: string;
}

// The customer's words come from the catalogue, each looked up when read: a Welsh page's words
// arrive after this module loads. The desk's stay English, as the staff site is.
export const customerVoice: Voice = {
  get addedToBasket() {
    return voiceWords('addedToBasket');
  },
  get goToBasket() {
    return voiceWords('goToBasket');
  },
  heldUntil: (time) => voiceWords('heldUntil', { time }),
  holdEnded: (count, time) => voiceWords('holdEnded', { count, time }),
  get detailsLocked() {
    return appWords('detailsLocked');
  },
  get priceNotOpen() {
    return voiceWords('priceNotOpen');
  },
  get priceNotOpenToFamily() {
    return voiceWords('priceNotOpenToFamily');
  },
  get addChildHow() {
    return voiceWords('addChildHow');
  },
};

export const deskVoice: Voice = {
  addedToBasket: 'Added to the basket',
  goToBasket: 'Go to the basket',
  heldUntil: (time) => `Held for the customer until ${time}`,
  holdEnded: (count, time) => `The hold on ${count === 1 ? 'this place' : 'these places'} ended at ${time}.`,
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
