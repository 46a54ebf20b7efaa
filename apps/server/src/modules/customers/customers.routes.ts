import { messageAnswerSchema, sessionWithUserSchema } from '@lido/contracts/auth';
import { dataFieldsAnswerSchema } from '@lido/contracts/data-fields';
import { apiRoutes, created, ok } from '../../http/api-schema.ts';
import {
  customerLanguageSchema,
  forgottenPasswordBodySchema,
  onboardingQuerySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  userUpdateBodySchema,
} from '@lido/contracts/customer';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { setSessionCookies } from '../../http/cookies.ts';
import { HttpError, parseInput } from '../../http/errors.ts';
import { publicSiteOrigins } from '../../http/sites.ts';
import {
  customerIfAny,
  presentedToken,
  refuseOnStaffSite,
  requireCustomerInPerson,
  type RouteServices,
} from '../../http/callers.ts';
import { forgottenPasswordAnswer } from './customers.service.ts';
import { dataFieldSections, dataFieldsChecksum } from './data-fields.ts';

export function customersRoutes(
  app: FastifyInstance,
  services: RouteServices<'customers'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  api.get(
    '/api/data-fields',
    { schema: { querystring: onboardingQuerySchema, response: ok(dataFieldsAnswerSchema) } },
    async (request, reply) => {
      const { onboardingType } = parseInput(onboardingQuerySchema, request.query);
      const sections = dataFieldSections(onboardingType, request.language);
      // The labels are in the language the page asked for.
      void reply.header('vary', 'Accept-Language');
      const customer = await customerIfAny(request, reply, services, config);
      if (customer) {
        const answers: Record<string, string | null> = {
          firstName: customer.firstName,
          lastName: customer.lastName,
          dateOfBirth: customer.dateOfBirth,
          email: customer.email,
          phone: customer.phone,
          addressLineOne: customer.addressLineOne,
          addressLineTwo: customer.addressLineTwo,
          town: customer.town,
          postcode: customer.postcode,
        };
        for (const section of sections) {
          for (const field of section.sectionFields) {
            field.answer = answers[field.name] ?? null;
            // The email and date of birth identify the account: changed only with the centre's help.
            if (field.name === 'email' || field.name === 'dateOfBirth') field.isAuthorised = false;
          }
        }
      }
      return { data: { sections, checksum: dataFieldsChecksum(sections) } };
    },
  );

  api.post(
    '/api/auth/customer/register',
    {
      schema: {
        querystring: onboardingQuerySchema,
        body: registerBodySchema,
        response: created(sessionWithUserSchema),
      },
    },
    async (request, reply) => {
      refuseOnStaffSite(request);
      const { onboardingType } = parseInput(onboardingQuerySchema, request.query);
      if (onboardingType !== 'customer_account_online') {
        throw new HttpError(422, 'Accounts are created with onboarding_type customer_account_online.', {
          errors: { onboardingType: ['Accounts are created with onboarding_type customer_account_online.'] },
        });
      }
      const body = parseInput(registerBodySchema, request.body);
      if (body.checksum && body.checksum !== dataFieldsChecksum(dataFieldSections(onboardingType))) {
        throw new HttpError(
          422,
          'This form has changed since it was loaded. Please reload the page and try again.',
          {
            errors: {
              checksum: ['This form has changed since it was loaded. Please reload the page and try again.'],
            },
          },
        );
      }
      const customer = await services.customers.register(body, request.ip);
      const token = await services.auth.startSession(customer.id, false);
      const state = setSessionCookies(reply, config, token);
      return reply.status(201).send({ data: { token: state, user: await services.auth.userView(customer) } });
    },
  );

  /** The session is re-issued after an update (the spec stores the returned token and reloads the user). */
  api.put(
    '/api/my-account/user/update',
    {
      schema: {
        querystring: onboardingQuerySchema,
        body: userUpdateBodySchema,
        response: ok(sessionWithUserSchema),
      },
    },
    async (request, reply) => {
      parseInput(onboardingQuerySchema, request.query);
      const { customer, session } = await requireCustomerInPerson(request, reply, services, config);
      const updated = await services.customers.updateUser(
        customer,
        parseInput(userUpdateBodySchema, request.body),
      );
      await services.auth.logout(presentedToken(request, config));
      const token = await services.auth.startSession(updated.id, session.kiosk);
      const state = setSessionCookies(reply, config, token);
      return { data: { token: state, user: await services.auth.userView(updated) } };
    },
  );

  // The language switch tells the account (decision 0108): emails and receipts follow the choice.
  api.put(
    '/api/my-account/language',
    { schema: { body: customerLanguageSchema, response: ok(customerLanguageSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomerInPerson(request, reply, services, config);
      const { language } = parseInput(customerLanguageSchema, request.body);
      if (!config.languages.includes(language)) {
        throw new HttpError(422, 'This site is not offered in that language.');
      }
      await services.customers.setLanguage(customer, language);
      return { data: { language } };
    },
  );

  api.post(
    '/api/auth/customer/forgotten-password',
    { schema: { body: forgottenPasswordBodySchema, response: ok(messageAnswerSchema) } },
    async (request) => {
      refuseOnStaffSite(request);
      const { emailOrReference } = parseInput(forgottenPasswordBodySchema, request.body);
      const resetPage = `${publicSiteOrigins(config)['my-account']}/reset-password`;
      await services.customers.forgottenPassword(emailOrReference, request.ip, resetPage);
      return { data: { message: forgottenPasswordAnswer } };
    },
  );

  api.post(
    '/api/auth/customer/reset-password',
    { schema: { body: resetPasswordBodySchema, response: ok(messageAnswerSchema) } },
    async (request) => {
      refuseOnStaffSite(request);
      await services.customers.resetPassword(parseInput(resetPasswordBodySchema, request.body));
      return { data: { message: 'Your password has been changed. You can now log in with it.' } };
    },
  );
}
