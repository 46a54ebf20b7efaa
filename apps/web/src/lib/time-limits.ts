/**
 * WCAG 2.2.1: every time limit on the customer and kiosk sites warns at least this long before it
 * ends, with a way to extend it, announced to screen readers (issue 34 item 3). The kiosk's
 * "Do you need more time?" and the session's "You will be signed out soon" both keep to it.
 */
export const minimumWarningMs = 20_000;
