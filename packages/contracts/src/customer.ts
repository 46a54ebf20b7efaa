import { z } from 'zod';
import { invalidDateMessage } from './date-input.ts';
import { calendarDate, databaseId } from './limits.ts';
import { invalidPostcodeMessage, ukPostcodePattern } from './uk-postcode.ts';

const required = (label: string, max = 100) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });

const optionalText = (label: string, max = 100) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .optional();

export const onboardingQuerySchema = z.object({
  onboardingType: z.enum(['customer_account_online', 'membership_purchase'], {
    error: 'The onboarding type must be customer_account_online or membership_purchase.',
  }),
});

export const customerDetailsShape = {
  firstName: required('First name'),
  lastName: required('Last name'),
  dateOfBirth: calendarDate('Date of birth', { message: invalidDateMessage('Date of birth') }),
  email: z
    .string({ error: 'Email address is required.' })
    .trim()
    .toLowerCase()
    .max(254, { error: 'Email address must be at most 254 characters.' })
    .pipe(z.email({ error: 'Enter an email address in the correct format, like name@example.com.' })),
  phone: optionalText('Phone number', 20),
  addressLineOne: required('Address line 1'),
  addressLineTwo: optionalText('Address line 2'),
  town: required('Town or city'),
  postcode: z
    .string({ error: 'Postcode is required.' })
    .trim()
    .regex(ukPostcodePattern, { error: invalidPostcodeMessage }),
};

/** POST /api/auth/customer/register?onboarding_type=customer_account_online */
export const registerBodySchema = z.strictObject({
  ...customerDetailsShape,
  password: z.string({ error: 'Password is required.' }),
  passwordConfirmation: z.string({ error: 'Repeat password is required.' }),
  homeVenueId: databaseId('The home centre').optional(),
  clientId: databaseId('The client').optional(),
  source: z.string().max(50).optional(),
  checksum: z.string().max(64).optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const forgottenPasswordBodySchema = z.strictObject({
  emailOrReference: z
    .string({ error: 'Enter your email address or customer ID.' })
    .trim()
    .min(1, { error: 'Enter your email address or customer ID.' })
    .max(254, { error: 'Your email address or customer ID must be at most 254 characters.' }),
});
export type ForgottenPasswordBody = z.infer<typeof forgottenPasswordBodySchema>;

export const resetPasswordBodySchema = z.strictObject({
  token: z
    .string({ error: 'The reset link is incomplete.' })
    .min(20, { error: 'The reset link is incomplete.' })
    .max(200),
  password: z.string({ error: 'Password is required.' }),
  passwordConfirmation: z.string({ error: 'Repeat password is required.' }),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/**
 * PUT /api/my-account/user/update: only the fields sent are changed (the browser sends non-empty
 * ones). The email and date of birth identify the account and are not changed here. A password
 * change needs the current password.
 */
export const userUpdateBodySchema = z
  .strictObject({
    firstName: customerDetailsShape.firstName.optional(),
    lastName: customerDetailsShape.lastName.optional(),
    phone: customerDetailsShape.phone,
    addressLineOne: customerDetailsShape.addressLineOne.optional(),
    addressLineTwo: customerDetailsShape.addressLineTwo,
    town: customerDetailsShape.town.optional(),
    postcode: customerDetailsShape.postcode.optional(),
    currentPassword: z.string().max(1024).optional(),
    password: z.string().max(1024).optional(),
    repeatNewPassword: z.string().max(1024).optional(),
  })
  .superRefine((body, ctx) => {
    const changingPassword =
      body.password !== undefined ||
      body.repeatNewPassword !== undefined ||
      body.currentPassword !== undefined;
    if (!changingPassword) return;
    if (!body.currentPassword)
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'Enter your current password.' });
    if (!body.password)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Enter a new password.' });
  });
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;

/**
 * PUT /api/my-account/language (Lido's, decision 0108): the language the customer chose with the
 * switch, saved on their account for what they are sent. One the operator doesn't offer is refused.
 */
export const customerLanguageSchema = z.strictObject({
  language: z.enum(['en', 'cy'], { message: 'Language must be en or cy' }),
});
export type CustomerLanguage = z.infer<typeof customerLanguageSchema>;
