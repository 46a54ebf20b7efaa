import type { Booking } from '@lido/contracts/account';
import type { Order } from '@lido/contracts/order';
/** Pence as the answers carry money. */
export declare const gbp: (pence: number) => {
    raw: {
        amount: number;
        currency: string;
    };
    decimal: string;
    formatted: string;
};
/** The browser's auth state cookie says a session exists, as after a login. */
export declare function loggedIn(): void;
export declare const priya: {
    id: number;
    reference: string;
    firstName: string;
    lastName: string;
    email: string;
    homeVenueSlug: string;
    hasOutstandingPenalties: boolean;
    membershipUser: {
        id: number;
        homeVenueId: number;
    };
    credit: {
        balance: number;
    };
    hasInstruction: boolean;
    hasBillingDate: boolean;
    billingDay: number;
    documentExpiry: never[];
    membershipDocumentUploadRequired: boolean;
    profilePhoto: null;
};
/** A spin class for two adults and a junior swim, paid by card after £5.00 of credit. */
export declare const bookedOrder: Order;
/** An upcoming spin class that can still be cancelled for £6.50 back in account credit. */
export declare function upcomingBooking(overrides?: Partial<Booking>): Booking;
