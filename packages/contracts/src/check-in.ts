import { z } from 'zod';

/**
 * The membership card and check-in by card (issue 35 item 5, decision 0097). A card's QR code
 * carries `lido-card:` and a random code that says nothing about the customer; the desk reads it
 * with the camera, or types the customer ID printed beside it.
 */

/** What a card's QR code says: the prefix tells a card from any other QR code held to the camera. */
export const cardQrPrefix = 'lido-card:';
/** 16 random bytes in base64url. */
export const cardCodePattern = /^[A-Za-z0-9_-]{22}$/;

/** GET /api/my-account/membership-card, and POST …/replace's answer. */
export const membershipCardSchema = z.object({
  name: z.string(),
  /** the customer ID, "C100003" */
  customerReference: z.string(),
  /** the home centre's name, or null when the customer has none */
  homeCentre: z.string().nullable(),
  /** what the QR code says: `lido-card:` and the card's code */
  qrText: z.string(),
  /** "Issued 28 November 2026" */
  issued: z.string(),
});
export type MembershipCard = z.infer<typeof membershipCardSchema>;

export const checkInWords = {
  badCard: 'This is not a Lido membership card, or it has been replaced. Ask for the customer ID.',
  unknownCustomer: 'No customer has that customer ID. Check it and try again.',
  oneWay: 'Scan a card or enter a customer ID.',
  scanId: 'This check-in has no scan number: reload the page.',
} as const;

/** POST /api/staff/check-ins: one read of a card (`card`, the QR code's text) or a typed customer ID. */
export const checkInBodySchema = z
  .strictObject({
    scanId: z.uuid({ error: checkInWords.scanId }),
    card: z.string().max(200, { error: checkInWords.badCard }).optional(),
    customerReference: z.string().trim().max(20, { error: checkInWords.unknownCustomer }).optional(),
  })
  .refine((body) => (body.card === undefined) !== (body.customerReference === undefined), {
    error: checkInWords.oneWay,
    path: ['customerReference'],
  });
export type CheckInBody = z.input<typeof checkInBodySchema>;

/** Whether the membership lets them in: one word the page and the record share. */
export const doorStates = ['valid', 'frozen', 'ended', 'overdue', 'none'] as const;
export type DoorStateName = (typeof doorStates)[number];

export const checkInBookingSchema = z.object({
  id: z.number().int(),
  activityName: z.string(),
  venueName: z.string(),
  /** "18:00 to 18:45" */
  time: z.string(),
  /** marked attended by this check-in or before it; later today's stay as they are */
  attended: z.boolean(),
});

export const checkInSchema = z.object({
  checkInId: z.number().int(),
  customer: z.object({
    id: z.number().int(),
    name: z.string(),
    customerReference: z.string(),
    homeCentre: z.string().nullable(),
  }),
  door: z.enum(doorStates),
  mayComeIn: z.boolean(),
  /** "May come in" or "Not allowed in" */
  verdict: z.string(),
  /** why, in a sentence: "Gym Anytime is frozen until 15 February 2027." */
  reason: z.string(),
  membershipName: z.string().nullable(),
  bookings: z.array(checkInBookingSchema),
  /** "18:04" */
  checkedInAt: z.string(),
});
export type CheckIn = z.infer<typeof checkInSchema>;
